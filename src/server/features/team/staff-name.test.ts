/** A staff member who joins before giving a name is shown by the name the owner invited them by, never their e-mail address. */
import type { FastifyInstance } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, signUp, uniqueEmail, type SignedUp } from '@testing/accounts';
import { createTestApp } from '@testing/test-app';
import { accept, invitationToken, invite, teamCall } from '@testing/team';
import { approvedTruck } from '@testing/trucks';

let app: FastifyInstance;
let admin: SignedUp;

beforeAll(async () => {
  ({ app } = await createTestApp());
  admin = await signUp(app, { roles: ['Admin'] });
});

const me = async (user: SignedUp) => (await app.inject({ method: 'GET', url: '/api/v1/me', headers: bearer(user.token) })).json().user as { fullName: string | null };

describe("a staff member's name", () => {
  it('is the invitation’s name until they give their own, and their own is kept', async () => {
    const owner = await signUp(app);
    const truck = await approvedTruck(app, owner, admin);
    const email = uniqueEmail('staff');
    await invite(app, owner, truck.id, email, 'Hessa Al-Mutairi');
    const staff = await signUp(app, { email });
    expect((await accept(app, staff, await invitationToken(app, email))).statusCode).toBe(200);
    expect((await me(staff)).fullName).toBe('Hessa Al-Mutairi');
    const team = (await teamCall(app, owner, 'GET', `/trucks/${truck.id}/team`)).json() as { members: { email: string; fullName: string | null }[] };
    expect(team.members.find((member) => member.email === email)?.fullName).toBe('Hessa Al-Mutairi');

    const named = uniqueEmail('staff');
    await invite(app, owner, truck.id, named, 'Invited As');
    const other = await signUp(app, { email: named });
    await app.inject({ method: 'PATCH', url: '/api/v1/me', headers: bearer(other.token), payload: { fullName: 'Own Name' } });
    expect((await accept(app, other, await invitationToken(app, named))).statusCode).toBe(200);
    expect((await me(other)).fullName).toBe('Own Name');
  });
});
