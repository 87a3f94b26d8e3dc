import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../server/config';

describe('server/config', () => {
  it('defaults to the embedded database under ./data on port 3000', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.scryptLogN).toBe(17);
  });

  it('reads overrides', () => {
    const config = loadConfig({ PORT: '8080', DATA_DIR: '/tmp/x', DATABASE_URL: 'postgres://u@h/db', PUBLIC_URL: 'https://t.example/' });
    expect(config).toMatchObject({ port: 8080, dataDir: '/tmp/x', databaseUrl: 'postgres://u@h/db', publicUrl: 'https://t.example' });
  });

  it('seeds the demo on the embedded database only, unless SEED says otherwise (issue 32 item 4)', () => {
    expect(loadConfig({}).seed).toBe('demo');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db' }).seed).toBe('reference');
    expect(loadConfig({ DATABASE_URL: 'postgres://u@h/db', SEED: 'demo' }).seed).toBe('demo');
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://t.example', SCOREBOARD_SECRET: 'a-real-secret-value', LINK_SECRET: 'a-real-link-secret-value' })).toMatchObject({ production: true, seed: 'reference' });
    expect(loadConfig({ SEED: 'none' }).seed).toBe('none');
  });

  it('refuses to start in production without PUBLIC_URL or with the demo scoreboard or link secret', () => {
    const production = { NODE_ENV: 'production', PUBLIC_URL: 'https://t.example', SCOREBOARD_SECRET: 'a-real-secret-value', LINK_SECRET: 'a-real-link-secret-value' };
    expect(() => loadConfig({ ...production, PUBLIC_URL: undefined })).toThrow(/PUBLIC_URL: must be set in production/);
    expect(() => loadConfig({ ...production, SCOREBOARD_SECRET: undefined })).toThrow(/SCOREBOARD_SECRET: must be set in production: the demo value is public/);
    expect(() => loadConfig({ ...production, SCOREBOARD_SECRET: 'touchline-demo-scoreboards' })).toThrow(/SCOREBOARD_SECRET/);
    expect(() => loadConfig({ ...production, LINK_SECRET: undefined })).toThrow(/LINK_SECRET: must be set in production: the demo value is public/);
    expect(loadConfig({ ...production, NODE_ENV: 'development', PUBLIC_URL: undefined, SCOREBOARD_SECRET: undefined }).production).toBe(false);
  });

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL: must be a postgres:\/\/ URL/);
  });
});
