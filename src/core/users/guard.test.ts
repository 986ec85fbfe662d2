import { describe, expect, it } from 'vitest';
import type { ProjectUser } from '../api/contract.ts';
import { isSelf, managerCount, selfChangeRisk } from './guard.ts';

const ALL = ['view', 'manage users', 'evacuate', 'edit schedules'];
const me: ProjectUser = { uuid: 'u1', name: 'Morgan', email: 'Manager@Vigil.test', permissions: ALL };
const other: ProjectUser = { uuid: 'u2', name: 'Sofie', email: 'sofie@example.com', permissions: ['view'] };
const otherManager: ProjectUser = { uuid: 'u3', name: 'Lucas', email: 'lucas@example.com', permissions: ['view', 'manage users'] };

describe('self-demotion guard', () => {
  it('matches the signed-in user by e-mail, ignoring case and spaces', () => {
    expect(isSelf(me, ' manager@vigil.test')).toBe(true);
    expect(isSelf(other, 'manager@vigil.test')).toBe(false);
    expect(isSelf(me, undefined)).toBe(false);
  });

  it('leaves changes to other members alone', () => {
    expect(selfChangeRisk([me, other], 'manager@vigil.test', other, 'remove')).toBe('none');
    expect(selfChangeRisk([me, other], 'manager@vigil.test', other, [])).toBe('none');
  });

  it('lets you change your own permissions while you keep manage users', () => {
    expect(selfChangeRisk([me, other], 'manager@vigil.test', me, ['view', 'manage users'])).toBe('none');
  });

  it('blocks the last manager from unticking manage users or leaving', () => {
    expect(managerCount([me, other])).toBe(1);
    expect(selfChangeRisk([me, other], 'manager@vigil.test', me, ['view'])).toBe('lastManager');
    expect(selfChangeRisk([me, other], 'manager@vigil.test', me, 'remove')).toBe('lastManager');
  });

  it('asks for confirmation when another manager remains', () => {
    const users = [me, other, otherManager];
    expect(selfChangeRisk(users, 'manager@vigil.test', me, ['view'])).toBe('losesAccess');
    expect(selfChangeRisk(users, 'manager@vigil.test', me, 'remove')).toBe('losesAccess');
  });

  it('does not count an invited manager, who may never come', () => {
    const invited = { ...otherManager, status: 'invited', invited_at: '2026-11-28T09:00:00.000Z' };
    expect(managerCount([me, invited])).toBe(1);
    expect(selfChangeRisk([me, other, invited], 'manager@vigil.test', me, ['view'])).toBe('lastManager');
  });
});
