/**
 * `npm run staff -- <command>`: staff accounts and API keys from a terminal (a first admin, a locked-out
 * admin, scheduled integrations). Every change is in the audit log as done by the CLI.
 *   add --email a@b.co --name "Thandi M" --role admin|editor|dealer|finance [--dealer slug]… [--password …]
 *       (without --password an invitation e-mail is sent through SMTP_URL)
 *   list
 *   disable --email a@b.co   |   enable --email a@b.co
 *   set-password --email a@b.co --password …
 *   key-create --name "DMS feed" --scope content:write [--scope builds:publish]…   (prints the key once)
 *   key-list   |   key-revoke --id <id>
 */
import { userInfo } from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config/server.ts';
import { KEY_SCOPES, type StaffRole } from '../src/domain/staff-access.ts';
import { createApiKey, isKeyScope, presentKey, revokeApiKey } from '../src/server/auth/api-keys.ts';
import { writeAudit } from '../src/server/auth/audit.ts';
import {
  addStaff,
  findStaffByEmail,
  inviteStaff,
  listStaff,
  StaffError,
  setStaffPassword,
  updateStaff,
} from '../src/server/auth/staff.ts';
import { prepare } from '../src/server/boot.ts';
import { createLogger } from '../src/server/log.ts';

const [command, ...rest] = process.argv.slice(2);
const { values } = parseArgs({
  args: rest,
  options: {
    email: { type: 'string' },
    name: { type: 'string' },
    role: { type: 'string' },
    dealer: { type: 'string', multiple: true },
    password: { type: 'string' },
    scope: { type: 'string', multiple: true },
    id: { type: 'string' },
  },
});
const config = loadConfig();
const logger = createLogger(config.logLevel === 'info' ? 'warn' : config.logLevel, 'staff');
const { deps, destroy } = await prepare(config, logger);
const actor = { actor_type: 'system' as const, actor_id: null, actor_name: `cli:${userInfo().username}` };

function need(name: keyof typeof values): string {
  const v = values[name];
  if (typeof v !== 'string' || !v) throw new StaffError(name, `--${name} is required`);
  return v;
}

async function member(email: string) {
  const m = await findStaffByEmail(deps, email);
  if (!m) throw new StaffError('email', `No staff member has the e-mail ${email}`);
  return m;
}

async function run() {
  switch (command) {
    case 'add': {
      const input = {
        email: need('email'),
        name: values.name ?? (need('email').split('@')[0] as string),
        role: need('role') as StaffRole,
        dealers: values.dealer ?? [],
        password: values.password,
      };
      const m = input.password
        ? await addStaff(deps, input)
        : (await inviteStaff(deps, logger, input, 'An administrator')).member;
      await writeAudit(deps.db, actor, {
        action: input.password ? 'staff.add' : 'staff.invite',
        resource: 'staff',
        resourceId: m.id,
        after: m,
      });
      console.log(
        `${input.password ? 'Added' : 'Invited'} ${m.email} (${m.role}${m.dealers.length ? `: ${m.dealers.join(', ')}` : ''})`,
      );
      return;
    }
    case 'list': {
      const all = await listStaff(deps);
      if (!all.length) console.log('No staff yet.');
      for (const m of all)
        console.log(
          [
            m.email.padEnd(36),
            (m.role ?? '').padEnd(8),
            m.disabled ? 'disabled' : 'active  ',
            m.dealers.join(','),
          ].join(' '),
        );
      return;
    }
    case 'disable':
    case 'enable': {
      const m = await member(need('email'));
      const r = await updateStaff(deps, m.id, { disabled: command === 'disable' });
      await writeAudit(deps.db, actor, {
        action: 'staff.update',
        resource: 'staff',
        resourceId: m.id,
        before: r?.before,
        after: r?.after,
      });
      console.log(`${command === 'disable' ? 'Disabled' : 'Enabled'} ${m.email}`);
      return;
    }
    case 'set-password': {
      const m = await member(need('email'));
      await setStaffPassword(deps, m.id, need('password'));
      await writeAudit(deps.db, actor, { action: 'staff.set_password', resource: 'staff', resourceId: m.id });
      console.log(`Password set for ${m.email}`);
      return;
    }
    case 'key-create': {
      const scopes = values.scope ?? [];
      const bad = scopes.filter((s) => !isKeyScope(s));
      if (!scopes.length || bad.length)
        throw new StaffError('scope', `--scope must be one or more of ${KEY_SCOPES.join(', ')}`);
      const { key, row } = await createApiKey(deps.db, {
        name: need('name'),
        scopes: scopes.filter(isKeyScope),
        createdBy: actor.actor_name,
      });
      await writeAudit(deps.db, actor, {
        action: 'key.create',
        resource: 'api_keys',
        resourceId: row.id,
        after: presentKey(row),
      });
      console.log(`API key ${row.id} (${scopes.join(', ')}). Shown once, keep it secret:\n${key}`);
      return;
    }
    case 'key-list': {
      for (const k of (await deps.db.selectFrom('api_keys').selectAll().orderBy('created_at').execute()).map(
        presentKey,
      ))
        console.log(
          [k.id, k.prefix.padEnd(12), k.active ? 'active ' : 'revoked', k.name, k.scopes.join(',')].join(
            '  ',
          ),
        );
      return;
    }
    case 'key-revoke': {
      const id = need('id');
      if (!(await revokeApiKey(deps.db, id, actor.actor_name)))
        throw new StaffError('id', `No active API key has the id ${id}`);
      await writeAudit(deps.db, actor, { action: 'key.revoke', resource: 'api_keys', resourceId: id });
      console.log(`Revoked ${id}`);
      return;
    }
    default:
      console.log(
        'Usage: npm run staff -- add|list|disable|enable|set-password|key-create|key-list|key-revoke (see scripts/staff.ts)',
      );
      process.exitCode = command ? 2 : 0;
  }
}

try {
  await run();
} catch (err) {
  console.error(err instanceof StaffError ? `${err.field}: ${err.message}` : String(err));
  process.exitCode = 1;
} finally {
  await destroy();
}
