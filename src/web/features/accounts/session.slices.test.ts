import { afterEach, describe, expect, it } from 'vitest';
import {
  accessControlSlice,
  authSlice,
  closePop,
  openPop,
  popSlice,
  resetRole,
  setAccessList,
  setLogin,
  setPopEmail,
  setRole,
  setUser,
  userSlice,
} from './session.slices';

afterEach(() => localStorage.clear());

const init = { type: 'init' };

describe('auth slice', () => {
  it('starts signed out, or from the saved userModel', () => {
    expect(authSlice.reducer(undefined, init)).toEqual({ userModel: { isLogin: false } });
    localStorage.setItem('userModel', JSON.stringify({ isLogin: true }));
    expect(authSlice.reducer(undefined, init)).toEqual({ userModel: { isLogin: true } });
  });

  it('sets the login flag', () => {
    expect(authSlice.reducer(undefined, setLogin(true)).userModel.isLogin).toBe(true);
  });

  it('ignores a corrupt userModel', () => {
    localStorage.setItem('userModel', JSON.stringify({ isLogin: 'yes' }));
    expect(authSlice.reducer(undefined, init).userModel.isLogin).toBe(false);
  });
});

describe('user slice', () => {
  it("starts as ['Applicant'] with no profile", () => {
    expect(userSlice.reducer(undefined, init)).toEqual({ role: ['Applicant'], user: null });
  });

  it('starts from the saved role and user_details', () => {
    localStorage.setItem('role', JSON.stringify(['Vendor']));
    localStorage.setItem('user_details', JSON.stringify({ fullName: 'Huda' }));
    expect(userSlice.reducer(undefined, init)).toEqual({ role: ['Vendor'], user: { fullName: 'Huda' } });
  });

  it.each([['role', '[]'], ['role', '"Vendor"'], ['role', '[1]'], ['user_details', '[1,2]'], ['user_details', '{']])(
    'falls back to the default when %s is %s',
    (key, raw) => {
      localStorage.setItem(key, raw);
      expect(userSlice.reducer(undefined, init)).toEqual({ role: ['Applicant'], user: null });
    },
  );

  it('sets and resets the role; an empty role list means Applicant', () => {
    let state = userSlice.reducer(undefined, setRole(['Vendor', 'Staff']));
    expect(state.role).toEqual(['Vendor', 'Staff']);
    expect(userSlice.reducer(state, setRole([])).role).toEqual(['Applicant']);
    state = userSlice.reducer(state, resetRole());
    expect(state.role).toEqual(['Applicant']);
  });

  it('sets the profile', () => {
    expect(userSlice.reducer(undefined, setUser({ email: 'a@b.c' })).user).toEqual({ email: 'a@b.c' });
  });
});

describe('accessControl slice', () => {
  it('starts empty, or from access_list_data', () => {
    expect(accessControlSlice.reducer(undefined, init)).toEqual({ accessList: [] });
    const list = [{ screen: '/menu', actions: ['read', 'write'] }];
    localStorage.setItem('access_list_data', JSON.stringify(list));
    expect(accessControlSlice.reducer(undefined, init)).toEqual({ accessList: list });
  });

  it('ignores a corrupt access list', () => {
    localStorage.setItem('access_list_data', JSON.stringify([{ screen: 3 }]));
    expect(accessControlSlice.reducer(undefined, init)).toEqual({ accessList: [] });
  });

  it('sets the list', () => {
    const list = [{ screen: '/orders', actions: ['read'] }];
    expect(accessControlSlice.reducer(undefined, setAccessList(list)).accessList).toEqual(list);
  });
});

describe('pop slice', () => {
  it('starts closed', () => {
    expect(popSlice.reducer(undefined, init)).toEqual({ is_open: false, type: 'sign-in', email: '' });
  });

  it.each(['sign-in', 'sign-up', 'forgot-password', 'create-profile'] as const)('opens the %s pop-up and closes it', (type) => {
    const open = popSlice.reducer(undefined, openPop({ type, email: 'a@b.c' }));
    expect(open).toEqual({ is_open: true, type, email: 'a@b.c' });
    expect(popSlice.reducer(open, closePop())).toMatchObject({ is_open: false });
  });

  it('keeps the email when a pop-up opens without one, and sets it on its own', () => {
    const state = popSlice.reducer(popSlice.reducer(undefined, setPopEmail('x@y.z')), openPop({ type: 'forgot-password' }));
    expect(state.email).toBe('x@y.z');
  });
});
