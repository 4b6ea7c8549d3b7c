import { describe, expect, it } from 'vitest';
import {
  isChatRoomsActive,
  isNotificationsActive,
  isUnder,
  loginReturnState,
  loginReturnTarget,
  paths,
} from './paths';

describe('paths', () => {
  it('builds encoded hrefs', () => {
    expect(paths.chat.href(12)).toBe('/chat/12');
    expect(paths.userProfile.href('a b')).toBe('/userprofile/a%20b');
  });
  it('marks Chat Rooms active for /home and /chat/*', () => {
    expect(isChatRoomsActive('/home')).toBe(true);
    expect(isChatRoomsActive('/chat/3')).toBe(true);
    expect(isChatRoomsActive('/homework')).toBe(false);
    expect(isChatRoomsActive('/dms')).toBe(false);
  });
  it('marks Notifications active for /notifications and subpaths', () => {
    expect(isNotificationsActive('/notifications')).toBe(true);
    expect(isNotificationsActive('/notifications/4')).toBe(true);
    expect(isNotificationsActive('/notificationsx')).toBe(false);
  });
  it('matches a base path and its children only', () => {
    expect(isUnder('/dms', '/dms')).toBe(true);
    expect(isUnder('/dmsx', '/dms')).toBe(false);
  });
});

describe('loginReturnTarget', () => {
  it('returns to the page asked for, else home', () => {
    expect(loginReturnTarget({ from: '/chat/8' }, '/home')).toBe('/chat/8');
    expect(loginReturnTarget({ from: '/matchmake?tab=tutoring' }, '/home')).toBe('/matchmake?tab=tutoring');
    expect(loginReturnTarget(loginReturnState({ pathname: '/rankings', search: '' }), '/home')).toBe(
      '/rankings',
    );
    for (const from of ['//evil.example', 'https://evil.example', '/login', '/register', '/', 42]) {
      expect(loginReturnTarget({ from }, '/home')).toBe('/home');
    }
    expect(loginReturnTarget(null, '/home')).toBe('/home');
  });
});
