/**
 * The seed's session slices (docs/product.md §6.3): `auth` (userModel.isLogin), `user` (role list and
 * profile), `accessControl` (the access list) and `pop` (the sign-in/sign-up/forgot/create-profile
 * pop-ups). Each starts from local storage and falls back to its default when storage is missing or
 * corrupt.
 */
import { DEFAULT_ROLES } from '@domain/access';
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { isRecord, isStringArray, readJson, STORAGE_KEYS } from '../../app/storage';

export interface AccessEntry {
  screen: string;
  actions: string[];
  /** On the screens of one truck: the user's rights there (owner or staff). */
  truckId?: string;
  role?: string;
}

const isUserModel = (value: unknown): value is { isLogin: boolean } => isRecord(value) && typeof value.isLogin === 'boolean';
const isRole = (value: unknown): value is string[] => isStringArray(value) && value.length > 0;
const isUser = (value: unknown): value is Record<string, unknown> | null => value === null || isRecord(value);
const isAccessList = (value: unknown): value is AccessEntry[] =>
  Array.isArray(value) && value.every((entry) => isRecord(entry) && typeof entry.screen === 'string' && isStringArray(entry.actions));


export interface AuthState {
  userModel: { isLogin: boolean };
}
export interface UserState {
  role: string[];
  user: Record<string, unknown> | null;
}
export interface AccessControlState {
  accessList: AccessEntry[];
}
export const POP_TYPES = ['sign-in', 'sign-up', 'forgot-password', 'create-profile'] as const;
export type PopType = (typeof POP_TYPES)[number];
export interface PopState {
  is_open: boolean;
  type: PopType;
  email: string;
}

export const authSlice = createSlice({
  name: 'auth',
  initialState: (): AuthState => ({ userModel: readJson(STORAGE_KEYS.userModel, isUserModel, { isLogin: false }) }),
  reducers: {
    setLogin: (state, action: PayloadAction<boolean>) => {
      state.userModel.isLogin = action.payload;
    },
  },
});

export const userSlice = createSlice({
  name: 'user',
  initialState: (): UserState => ({
    role: readJson(STORAGE_KEYS.role, isRole, [...DEFAULT_ROLES]),
    user: readJson(STORAGE_KEYS.user, isUser, null),
  }),
  reducers: {
    setRole: (state, action: PayloadAction<string[]>) => {
      state.role = action.payload.length > 0 ? action.payload : [...DEFAULT_ROLES];
    },
    resetRole: (state) => {
      state.role = [...DEFAULT_ROLES];
    },
    setUser: (state, action: PayloadAction<Record<string, unknown> | null>) => {
      state.user = action.payload;
    },
  },
});

export const accessControlSlice = createSlice({
  name: 'accessControl',
  initialState: (): AccessControlState => ({ accessList: readJson(STORAGE_KEYS.accessList, isAccessList, []) }),
  reducers: {
    setAccessList: (state, action: PayloadAction<AccessEntry[]>) => {
      state.accessList = action.payload;
    },
  },
});

const closedPop: PopState = { is_open: false, type: 'sign-in', email: '' };

export const popSlice = createSlice({
  name: 'pop',
  initialState: closedPop,
  reducers: {
    openPop: (state, action: PayloadAction<{ type: PopType; email?: string }>) => {
      state.is_open = true;
      state.type = action.payload.type;
      if (action.payload.email !== undefined) state.email = action.payload.email;
    },
    closePop: (state) => {
      state.is_open = false;
    },
    setPopEmail: (state, action: PayloadAction<string>) => {
      state.email = action.payload;
    },
  },
});

export const { setLogin } = authSlice.actions;
export const { setRole, resetRole, setUser } = userSlice.actions;
export const { setAccessList } = accessControlSlice.actions;
export const { openPop, closePop, setPopEmail } = popSlice.actions;
