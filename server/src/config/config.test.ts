import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    const c = loadConfig({});
    expect(c.host).toBe('127.0.0.1');
    expect(c.port).toBe(8000);
    expect(c.dataDir).toMatch(/data$/);
    expect(c.databaseUrl).toBeUndefined();
    expect(c.secureCookies).toBe(false);
    expect(c.rateLimits.login).toEqual({ burst: 5, perSecond: 0.003 });
    expect(c.rateLimits.loginFailed).toEqual({ burst: 3, perSecond: 0.17 });
    expect(c.rateLimits.message).toEqual({ burst: 10, perSecond: 1 });
    expect(c.rateLimits.search).toEqual({ burst: 30, perSecond: 1 });
    expect(c.redisPrefix).toBe('studium:');
    expect(c.session.idleMs).toBe(12 * 3600_000);
    expect(c.session.maxAgeMs).toBe(14 * 86400_000);
    expect(c.socketCoalesceMs).toBe(20);
  });

  it('parses every variable', () => {
    const c = loadConfig({
      HOST: '0.0.0.0',
      PORT: '9000',
      SECURE_COOKIES: 'true',
      ALLOWED_ORIGINS: 'https://a.example/, https://b.example',
      LOGIN_RATE_LIMIT: '10/0.5',
      LOG_LEVEL: 'warn',
      REDIS_URL: 'redis://127.0.0.1:6379',
      WS_COALESCE_MS: '0',
    });
    expect(c.port).toBe(9000);
    expect(c.secureCookies).toBe(true);
    expect(c.allowedOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(c.rateLimits.login).toEqual({ burst: 10, perSecond: 0.5 });
    expect(c.logLevel).toBe('warn');
    expect(c.socketCoalesceMs).toBe(0);
  });

  it('keeps attachments in the database with 10 MB a file and 200 MB a user unless told otherwise', () => {
    expect(loadConfig({}).attachments).toEqual({
      maxBytes: 10 * 1024 * 1024,
      quotaBytes: 200 * 1024 * 1024,
      dir: undefined,
    });
    const c = loadConfig({
      ATTACHMENT_MAX_BYTES: '5000000',
      ATTACHMENT_QUOTA_BYTES: '9000000',
      ATTACHMENTS_DIR: 'files',
    });
    expect(c.attachments.maxBytes).toBe(5_000_000);
    expect(c.attachments.quotaBytes).toBe(9_000_000);
    expect(c.attachments.dir).toMatch(/^\/.*files$/);
    expect(() => loadConfig({ ATTACHMENT_MAX_BYTES: 'big' })).toThrow('ATTACHMENT_MAX_BYTES');
  });

  it('names every invalid variable', () => {
    const load = () => loadConfig({ PORT: 'abc', LOGIN_RATE_LIMIT: 'lots', LOG_LEVEL: 'loud' });
    for (const name of ['PORT', 'LOGIN_RATE_LIMIT', 'LOG_LEVEL']) expect(load).toThrow(name);
  });
});
