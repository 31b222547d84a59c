import { parseArgs } from 'node:util';
import {
  type AdminCreate,
  adminCreateSchema,
  emailSchema,
  PAGE_PATHS,
  type StaffRole,
} from '@portal/contract';
import { ConfigError, loadConfig } from '../config';
import { AppError } from '../lib/errors';
import { createAdmin, setAdminStatus } from '../modules/admin-auth/service';
import { openToolDatabase, toolContext } from '../runtime';

const USAGE = `Usage:
  npm run admin:create -- --email E --password P [--name N] [--role R]
                                   create an admin; R: owner (default), support, finance or analyst
  npm run admin:create -- --email E --deactivate               deactivate an admin (ends its sessions)
  npm run admin:create -- --email E --activate                 activate it again`;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

let args: ReturnType<typeof parse>;
function parse() {
  return parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      deactivate: { type: 'boolean', default: false },
      activate: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  }).values;
}
try {
  args = parse();
} catch (error) {
  fail(`${(error as Error).message}\n${USAGE}`);
}
if (args.help) {
  console.log(USAGE);
  process.exit(0);
}

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) fail(error.message);
  throw error;
}

// Validate before touching the database.
let input: { email: string; password?: string; name: string; role?: StaffRole };
if (args.deactivate || args.activate) {
  const email = emailSchema.safeParse(args.email ?? '');
  if (!email.success) fail(`--email: ${email.error.issues[0]?.message}\n${USAGE}`);
  input = { email: email.data, name: '' };
} else {
  const parsed = adminCreateSchema.safeParse({
    email: args.email ?? '',
    password: args.password ?? '',
    name: args.name ?? args.email?.split('@')[0] ?? '',
    role: args.role,
  });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    fail(`--${String(issue.path[0])}: ${issue.message}\n${USAGE}`);
  }
  input = parsed.data;
}

// Opening migrates, so an empty data directory gets its database first.
let database: Awaited<ReturnType<typeof openToolDatabase>>;
try {
  database = await openToolDatabase(config);
} catch (error) {
  fail((error as Error).message);
}
const ctx = toolContext(config, database);
try {
  if (args.deactivate || args.activate) {
    const admin = await setAdminStatus(ctx, input.email, args.deactivate ? 'inactive' : 'active');
    console.log(`Admin ${admin.email} is now ${admin.status}.`);
  } else {
    const admin = await createAdmin(ctx, input as AdminCreate);
    console.log(
      `Admin created: ${admin.email} (${admin.name}, ${admin.role}). Sign in at ${config.PUBLIC_URL}${PAGE_PATHS.adminLogin}`,
    );
  }
} catch (error) {
  if (error instanceof AppError) {
    console.error(error.message);
    process.exitCode = 1;
  } else throw error;
} finally {
  ctx.mailer.close();
  await database.close();
}
