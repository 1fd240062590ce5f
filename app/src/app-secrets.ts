import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface AppSecrets {
  /** PEM of the RS256 key pair svc-auth signs access tokens with. */
  jwtPrivateKey: string;
  jwtPublicKey: string;
  jwtPrivateKeyFile: string;
  jwtPublicKeyFile: string;
  /** Shared secret of the services' `/internal/*` calls. */
  internalToken: string;
  /** 32 bytes (hex) that encrypt invitation tokens at rest. */
  invitationKey: string;
}

function writeSecret(file: string, content: string): void {
  writeFileSync(file, content, { mode: 0o600 });
  chmodSync(file, 0o600);
}

/**
 * The secrets of one installation, generated on first start into DATA_DIR and reused after:
 * `keys/jwt-private.pem`, `keys/jwt-public.pem` and `secrets.json`, all mode 0600. Both
 * launchers (single-process and cluster) use the same files, so tokens survive restarts.
 */
export function ensureAppSecrets(dataDir: string): AppSecrets {
  const keysDir = join(dataDir, 'keys');
  mkdirSync(keysDir, { recursive: true, mode: 0o700 });
  const jwtPrivateKeyFile = join(keysDir, 'jwt-private.pem');
  const jwtPublicKeyFile = join(keysDir, 'jwt-public.pem');
  if (!existsSync(jwtPrivateKeyFile) || !existsSync(jwtPublicKeyFile)) {
    const pair = generateKeyPairSync('rsa', {
      modulusLength: 2048,
      publicKeyEncoding: { type: 'spki', format: 'pem' },
      privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    });
    writeSecret(jwtPrivateKeyFile, pair.privateKey);
    writeSecret(jwtPublicKeyFile, pair.publicKey);
  }

  const secretsFile = join(dataDir, 'secrets.json');
  let stored: Partial<{ internalToken: string; invitationKey: string }> = {};
  if (existsSync(secretsFile)) {
    try {
      stored = JSON.parse(readFileSync(secretsFile, 'utf8'));
    } catch {
      throw new Error(
        `${secretsFile} is not valid JSON; fix or remove it (removing it invalidates pending invitations)`,
      );
    }
  }
  const secrets = {
    internalToken: stored.internalToken || randomBytes(32).toString('hex'),
    invitationKey: stored.invitationKey || randomBytes(32).toString('hex'),
  };
  if (secrets.internalToken !== stored.internalToken || secrets.invitationKey !== stored.invitationKey) {
    writeSecret(secretsFile, `${JSON.stringify(secrets, null, 2)}\n`);
  }

  return {
    jwtPrivateKey: readFileSync(jwtPrivateKeyFile, 'utf8'),
    jwtPublicKey: readFileSync(jwtPublicKeyFile, 'utf8'),
    jwtPrivateKeyFile,
    jwtPublicKeyFile,
    ...secrets,
  };
}

/** `node --import tsx app/src/app-secrets.ts` (DATA_DIR): writes the secrets once (docker compose's `secrets` service). */
if (require.main === module) {
  const dir = process.env.DATA_DIR ?? './data';
  ensureAppSecrets(dir);
  console.log(`Secrets ready in ${dir}`);
}
