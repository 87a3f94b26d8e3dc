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

  it('stops with a message naming each bad variable', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x' })).toThrow(/PORT[\s\S]*DATABASE_URL: must be a postgres:\/\/ URL/);
  });
});
