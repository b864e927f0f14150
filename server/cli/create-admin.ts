// Creates the first admin of a production database: npm run create-admin -- --email a@b.c --name "A B" --password ...
import { parseArgs } from 'node:util';
import * as v from 'valibot';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { createLogger } from '../logger';
import { createUser } from '../auth/users';
import { RegisterInput } from '../../contract/auth';

const { values } = parseArgs({ options: { email: { type: 'string' }, name: { type: 'string' }, password: { type: 'string' } } });
const input = { email: values.email ?? '', name: values.name ?? 'Administrator', password: values.password ?? process.env.ADMIN_PASSWORD ?? '', password_confirmation: values.password ?? process.env.ADMIN_PASSWORD ?? '' };
const parsed = v.safeParse(RegisterInput, input);
if (!parsed.success) {
  for (const issue of parsed.issues) console.error(`${issue.path?.map((p) => p.key).join('.')}: ${issue.message}`);
  console.error('Usage: npm run create-admin -- --email admin@example.com --name "Name" --password "long password"');
  process.exit(2);
}
const config = loadConfig();
const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.databaseUrl ? undefined : `${config.dataDir}/pglite` });
const user = await createUser({ db: database.db, now: () => new Date() }, { ...parsed.output, role: 'admin', verified: true, isApproved: true });
await database.close();
if (!user) {
  console.error(`A user with email ${parsed.output.email} already exists.`);
  process.exit(1);
}
createLogger(config.env);
console.log(`Admin ${user.email} created.`);
