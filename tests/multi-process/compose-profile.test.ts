import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { PLATFORM_ROLES } from '../../infrastructure/config.js';

/**
 * docker-compose.yml's `replicas` profile, read as Compose reads it (YAML
 * merge keys resolved): no Docker engine runs where the tests run, so this is
 * what is checked of it here, not that it starts.
 */
interface Service {
  image?: string;
  build?: unknown;
  profiles?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
}

const root = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const compose = parse(readFileSync(root('docker-compose.yml'), 'utf8'), { merge: true }) as { services: Record<string, Service> };
const inProfile = (profile: string) => Object.entries(compose.services).filter(([, service]) => service.profiles?.includes(profile));

describe('Given the compose file’s replicas profile', () => {
  const replicas = inProfile('replicas');
  const platform = replicas.filter(([, service]) => service.environment?.PLATFORM_ROLE);

  it('then it runs three api replicas, one projector and one processor, each a role the server accepts, with a health check, on KurrentDB and MongoDB', () => {
    const roles = platform.map(([, service]) => service.environment?.PLATFORM_ROLE).sort();
    expect(roles).toEqual(['api', 'api', 'api', 'processor', 'projector']);
    for (const [name, service] of platform) {
      expect(PLATFORM_ROLES, name).toContain(service.environment?.PLATFORM_ROLE);
      expect(service.healthcheck?.test.join(' '), name).toContain('/api/health');
      expect(service.environment, name).toMatchObject({ EVENT_STORE: 'kurrentdb', READ_MODEL_STORE: 'mongodb', TRUST_PROXY: '1', REPLICA_ID: name });
      expect(Object.keys(service.depends_on ?? {}).sort(), name).toEqual(['kurrentdb', 'mongo', 'typesense']);
      expect(Object.values(service.depends_on ?? {}).every((d) => d.condition === 'service_healthy'), name).toBe(true);
      // One data folder for all: the installation's pepper and webhook secrets are the same in every process.
      expect(service.volumes, name).toEqual(['replicas-data:/data']);
      expect(service.ports, `${name} is reached only through the balancer`).toBeUndefined();
    }
    for (const engine of ['kurrentdb', 'mongo']) expect(compose.services[engine]?.healthcheck, engine).toBeDefined();
  });

  it('then the balancer is nginx with the repository’s configuration, whose upstream is exactly the api replicas, and the one published port', () => {
    const [name, balancer] = replicas.find(([, service]) => service.image?.startsWith('nginx:')) ?? [];
    expect(name).toBeDefined();
    const mount = balancer?.volumes?.find((volume) => volume.endsWith(':/etc/nginx/nginx.conf:ro'));
    expect(mount).toBeDefined();
    const file = root((mount as string).split(':')[0] as string);
    expect(existsSync(file)).toBe(true);
    const config = readFileSync(file, 'utf8');
    const upstream = [...config.matchAll(/^\s*server\s+([\w-]+):(\d+)/gm)].map((m) => `${m[1]}:${m[2]}`);
    const apis = platform.filter(([, service]) => service.environment?.PLATFORM_ROLE === 'api').map(([api, service]) => `${api}:${service.environment?.PORT}`);
    expect(upstream.sort()).toEqual(apis.sort());
    expect(config).toMatch(/proxy_set_header X-Forwarded-For \$proxy_add_x_forwarded_for;/);
    expect(Object.keys(balancer?.depends_on ?? {}).sort()).toEqual(apis.map((api) => api.split(':')[0]).sort());
    expect(replicas.filter(([, service]) => service.ports).map(([published]) => published)).toEqual([name]);
  });

  it('then the single-process app is not part of it (it would be a sixth process taking every role)', () => {
    expect(compose.services.app?.profiles).toEqual(['single']);
    expect(compose.services.app?.environment?.PLATFORM_ROLE ?? 'all').toBe('all');
  });
});
