// The policy matrix as data: for each table, the fixture rows, the statement for each operation, and the
// expected outcome per actor. policy-matrix.test.ts asserts every cell against real Postgres and checks that
// supabase/tests/POLICY-MATRIX.md is this data rendered.
import type { Database } from '../../supabase/local/db/db.ts';
import { ACTORS, type Actor, type Users } from './helpers.ts';

export type Operation = 'select' | 'insert' | 'update' | 'delete';
export const OPERATIONS: readonly Operation[] = ['select', 'insert', 'update', 'delete'];

/**
 * An outcome: the fixture rows the operation reaches (in fixture order; `label:SQLSTATE` when that row's
 * attempt fails), or one SQLSTATE when every attempt fails with it. Rows not listed: zero rows, no error.
 * Inserts have a single row, `new`.
 */
export type Outcome = readonly string[] | '42501';

export type TableName =
  'user_roles' | 'products' | 'packages' | 'package_items' | 'orders' | 'purchases' | 'storage.objects';

export interface TableSpec {
  /** Fixture rows: label -> what it is (rendered as the legend). */
  rows: Readonly<Record<string, string>>;
  expect: Readonly<Record<Operation, Readonly<Record<Actor, Outcome>>>>;
}

const DENIED = '42501' as const;
const NEW = ['new'] as const;
const NONE: readonly string[] = [];

export const POLICY_MATRIX: Readonly<Record<TableName, TableSpec>> = {
  user_roles: {
    rows: {
      adminRole: "the admin's own admin row",
      roleA: "customer A's customer row",
      roleB: "customer B's customer row",
    },
    expect: {
      select: {
        anon: DENIED,
        customerA: ['roleA'],
        customerB: ['roleB'],
        admin: ['adminRole', 'roleA', 'roleB'],
        service: ['adminRole', 'roleA', 'roleB'],
      },
      // Granting customer B the admin role. The service role holds no write on roles (no edge function writes
      // them; delete_account runs as the owner).
      insert: { anon: DENIED, customerA: DENIED, customerB: DENIED, admin: NEW, service: DENIED },
      // No update policy, so no UPDATE privilege for anyone.
      update: { anon: DENIED, customerA: DENIED, customerB: DENIED, admin: DENIED, service: DENIED },
      delete: {
        anon: DENIED,
        customerA: NONE,
        customerB: NONE,
        // The fixture's only admin: nobody removes the last admin, nor their own admin role.
        admin: ['adminRole:42501', 'roleA', 'roleB'],
        service: DENIED,
      },
    },
  },
  products: {
    rows: {
      published: 'a published product',
      draft: 'an unpublished product',
      ownedDraft: 'an unpublished product that customer A bought',
    },
    expect: {
      select: {
        anon: ['published'],
        customerA: ['published', 'ownedDraft'],
        customerB: ['published'],
        admin: ['published', 'draft', 'ownedDraft'],
        service: ['published', 'draft', 'ownedDraft'],
      },
      // Catalogue writes are the admins' (policies); the service role only reads it.
      insert: { anon: DENIED, customerA: DENIED, customerB: DENIED, admin: NEW, service: DENIED },
      update: {
        anon: DENIED,
        customerA: NONE,
        customerB: NONE,
        admin: ['published', 'draft', 'ownedDraft'],
        service: DENIED,
      },
      // 23503: a product someone owns cannot be deleted (unpublish it instead).
      delete: {
        anon: DENIED,
        customerA: NONE,
        customerB: NONE,
        admin: ['published', 'draft', 'ownedDraft:23503'],
        service: DENIED,
      },
    },
  },
  packages: {
    rows: { published: 'a published package', draft: 'an unpublished package' },
    expect: {
      select: {
        anon: ['published'],
        customerA: ['published'],
        customerB: ['published'],
        admin: ['published', 'draft'],
        service: ['published', 'draft'],
      },
      insert: { anon: DENIED, customerA: DENIED, customerB: DENIED, admin: NEW, service: DENIED },
      update: {
        anon: DENIED,
        customerA: NONE,
        customerB: NONE,
        admin: ['published', 'draft'],
        service: DENIED,
      },
      delete: {
        anon: DENIED,
        customerA: NONE,
        customerB: NONE,
        admin: ['published', 'draft'],
        service: DENIED,
      },
    },
  },
  package_items: {
    rows: { publishedItem: 'an item of a published package', draftItem: 'an item of an unpublished package' },
    expect: {
      select: {
        anon: ['publishedItem'],
        customerA: ['publishedItem'],
        customerB: ['publishedItem'],
        admin: ['publishedItem', 'draftItem'],
        service: ['publishedItem', 'draftItem'],
      },
      insert: { anon: DENIED, customerA: DENIED, customerB: DENIED, admin: NEW, service: DENIED },
      update: {
        anon: DENIED,
        customerA: NONE,
        customerB: NONE,
        admin: ['publishedItem', 'draftItem'],
        service: DENIED,
      },
      delete: {
        anon: DENIED,
        customerA: NONE,
        customerB: NONE,
        admin: ['publishedItem', 'draftItem'],
        service: DENIED,
      },
    },
  },
  orders: {
    rows: { orderA: "customer A's order", orderB: "customer B's order" },
    expect: {
      select: {
        anon: DENIED,
        customerA: ['orderA'],
        customerB: ['orderB'],
        admin: ['orderA', 'orderB'],
        service: ['orderA', 'orderB'],
      },
      // An order for the caller (customer A for anon and the service role).
      insert: { anon: DENIED, customerA: DENIED, customerB: DENIED, admin: DENIED, service: NEW },
      // Only the service role writes orders, and never deletes one (accounting records).
      update: {
        anon: DENIED,
        customerA: DENIED,
        customerB: DENIED,
        admin: DENIED,
        service: ['orderA', 'orderB'],
      },
      delete: { anon: DENIED, customerA: DENIED, customerB: DENIED, admin: DENIED, service: DENIED },
    },
  },
  purchases: {
    rows: { purchaseA: "customer A's purchase", purchaseB: "customer B's purchase" },
    expect: {
      select: {
        anon: DENIED,
        customerA: ['purchaseA'],
        customerB: ['purchaseB'],
        admin: ['purchaseA', 'purchaseB'],
        service: ['purchaseA', 'purchaseB'],
      },
      // A purchase for the caller (customer A for anon and the service role).
      insert: { anon: DENIED, customerA: DENIED, customerB: DENIED, admin: DENIED, service: NEW },
      // The service role grants and revokes (a refund) purchases; nobody changes one.
      update: { anon: DENIED, customerA: DENIED, customerB: DENIED, admin: DENIED, service: DENIED },
      delete: {
        anon: DENIED,
        customerA: DENIED,
        customerB: DENIED,
        admin: DENIED,
        service: ['purchaseA', 'purchaseB'],
      },
    },
  },
  'storage.objects': {
    rows: {
      preview: 'audio: previews/<slug>.mp3',
      fullA: 'audio: full/<slug>.mp3 of a product customer A bought',
      fullB: 'audio: full/<slug>.mp3 of a product customer B bought',
      fullUnowned: 'audio: full/<slug>.mp3 nobody bought',
      otherBucket: 'another bucket: previews/<slug>.mp3',
    },
    expect: {
      select: {
        anon: ['preview'],
        // Not even an owner: full audio is signed only by the audio-url function (service role).
        customerA: ['preview'],
        customerB: ['preview'],
        admin: ['preview', 'fullA', 'fullB', 'fullUnowned'],
        service: ['preview', 'fullA', 'fullB', 'fullUnowned', 'otherBucket'],
      },
      // Uploading audio/full/<new>.mp3.
      insert: { anon: DENIED, customerA: DENIED, customerB: DENIED, admin: NEW, service: NEW },
      update: {
        anon: NONE,
        customerA: NONE,
        customerB: NONE,
        admin: ['preview', 'fullA', 'fullB', 'fullUnowned'],
        service: ['preview', 'fullA', 'fullB', 'fullUnowned', 'otherBucket'],
      },
      // As on hosted Supabase, a direct SQL DELETE is refused for every role (storage.protect_delete,
      // bootstrap.sql); only the Storage API deletes (tests/contract/storage.test.ts).
      delete: { anon: DENIED, customerA: DENIED, customerB: DENIED, admin: DENIED, service: DENIED },
    },
  },
};

// Statements ----------------------------------------------------------------------------------------------

export interface Statement {
  sql: string;
  params: unknown[];
}

export interface TableStatements {
  /** Primary key parameters of each fixture row. */
  keys: Record<string, unknown[]>;
  select: string;
  update: string;
  delete: string;
  insert: (actor: Actor) => Statement;
}

export type Fixture = Record<TableName, TableStatements>;

/** Inserts the matrix fixture (as the superuser) on top of the seed and returns the statements to probe with. */
export async function createFixture(db: Database, users: Users): Promise<Fixture> {
  const one = async (sql: string, params: unknown[]): Promise<string> => {
    const result = await db.query<{ id: string }>(sql, params);
    const id = result.rows[0]?.id;
    if (id === undefined) throw new Error(`fixture insert returned no id: ${sql}`);
    return id;
  };
  const selfOrA = (actor: Actor): string =>
    actor === 'customerA' || actor === 'customerB' || actor === 'admin' ? users[actor] : users.customerA;

  const roleA = await one(
    `insert into public.user_roles (user_id, role) values ($1, 'customer') returning id`,
    [users.customerA],
  );
  const roleB = await one(
    `insert into public.user_roles (user_id, role) values ($1, 'customer') returning id`,
    [users.customerB],
  );
  const adminRole = await one(`select id from public.user_roles where user_id = $1 and role = 'admin'`, [
    users.admin,
  ]);

  const product = (slug: string, published: boolean): Promise<string> =>
    one(
      `insert into public.products (slug, title, category, audio_path, preview_path, published)
       values ($1, $2, 'Confidence', 'full/' || $1 || '.mp3', 'previews/' || $1 || '.mp3', $3) returning id`,
      [slug, `Matrix ${slug}`, published],
    );
  const published = await product('matrix-published', true);
  const draft = await product('matrix-draft', false);
  const ownedDraft = await product('matrix-owned-draft', false);
  const seededForB = await one(`select id from public.products where slug = 'stop-smoking-for-good'`, []);

  const pkg = (slug: string, isPublished: boolean): Promise<string> =>
    one(
      `insert into public.packages (slug, title, category, published) values ($1, $2, 'Confidence', $3) returning id`,
      [slug, `Matrix ${slug}`, isPublished],
    );
  const publishedPackage = await pkg('matrix-published-package', true);
  const draftPackage = await pkg('matrix-draft-package', false);
  await db.query(
    `insert into public.package_items (package_id, product_id, position) values ($1, $3, 1), ($2, $3, 1)`,
    [publishedPackage, draftPackage, published],
  );

  const order = (userId: string, session: string): Promise<string> =>
    one(
      `insert into public.orders (user_id, stripe_session_id, status, amount_pence)
       values ($1, $2, 'paid', 299) returning id`,
      [userId, session],
    );
  const orderA = await order(users.customerA, 'cs_test_matrix_a');
  const orderB = await order(users.customerB, 'cs_test_matrix_b');

  const purchase = (userId: string, productId: string, orderId: string): Promise<string> =>
    one(
      `insert into public.purchases (user_id, product_id, order_id, title, category, price, download_url)
       select $1, p.id, $3, p.title, p.category, 2.99, '#' from public.products p where p.id = $2 returning id`,
      [userId, productId, orderId],
    );
  const purchaseA = await purchase(users.customerA, ownedDraft, orderA);
  const purchaseB = await purchase(users.customerB, seededForB, orderB);

  await db.query(
    `insert into storage.buckets (id, name, public) values ('matrix-other', 'matrix-other', false)`,
  );
  const object = (bucket: string, name: string): Promise<string> =>
    one(`insert into storage.objects (bucket_id, name, metadata) values ($1, $2, '{}') returning id`, [
      bucket,
      name,
    ]);
  const preview = await object('audio', 'previews/matrix-published.mp3');
  const fullA = await object('audio', 'full/matrix-owned-draft.mp3');
  const fullB = await object(
    'audio',
    await one(`select audio_path as id from public.products where id = $1`, [seededForB]),
  );
  const fullUnowned = await object('audio', 'full/matrix-published.mp3');
  const otherBucket = await object('matrix-other', 'previews/matrix-published.mp3');

  return {
    user_roles: {
      keys: { adminRole: [adminRole], roleA: [roleA], roleB: [roleB] },
      select: 'select 1 from public.user_roles where id = $1',
      update: 'update public.user_roles set role = role where id = $1',
      delete: 'delete from public.user_roles where id = $1',
      insert: () => ({
        sql: `insert into public.user_roles (user_id, role) values ($1, 'admin')`,
        params: [users.customerB],
      }),
    },
    products: {
      keys: { published: [published], draft: [draft], ownedDraft: [ownedDraft] },
      select: 'select 1 from public.products where id = $1',
      update: 'update public.products set title = title where id = $1',
      delete: 'delete from public.products where id = $1',
      insert: () => ({
        sql: `insert into public.products (slug, title, category) values ('matrix-new', 'Matrix New', 'Confidence')`,
        params: [],
      }),
    },
    packages: {
      keys: { published: [publishedPackage], draft: [draftPackage] },
      select: 'select 1 from public.packages where id = $1',
      update: 'update public.packages set title = title where id = $1',
      delete: 'delete from public.packages where id = $1',
      insert: () => ({
        sql: `insert into public.packages (slug, title, category) values ('matrix-new', 'Matrix New', 'Confidence')`,
        params: [],
      }),
    },
    package_items: {
      keys: { publishedItem: [publishedPackage, published], draftItem: [draftPackage, published] },
      select: 'select 1 from public.package_items where package_id = $1 and product_id = $2',
      update: 'update public.package_items set position = position where package_id = $1 and product_id = $2',
      delete: 'delete from public.package_items where package_id = $1 and product_id = $2',
      insert: () => ({
        sql: 'insert into public.package_items (package_id, product_id, position) values ($1, $2, 2)',
        params: [publishedPackage, draft],
      }),
    },
    orders: {
      keys: { orderA: [orderA], orderB: [orderB] },
      select: 'select 1 from public.orders where id = $1',
      update: 'update public.orders set status = status where id = $1',
      delete: 'delete from public.orders where id = $1',
      insert: (actor) => ({
        sql: `insert into public.orders (user_id, status, amount_pence) values ($1, 'paid', 299)`,
        params: [selfOrA(actor)],
      }),
    },
    purchases: {
      keys: { purchaseA: [purchaseA], purchaseB: [purchaseB] },
      select: 'select 1 from public.purchases where id = $1',
      update: 'update public.purchases set title = title where id = $1',
      delete: 'delete from public.purchases where id = $1',
      insert: (actor) => ({
        sql: `insert into public.purchases (user_id, product_id, title, category, price) values ($1, $2, 'Matrix', 'Confidence', 2.99)`,
        params: [selfOrA(actor), published],
      }),
    },
    'storage.objects': {
      keys: {
        preview: [preview],
        fullA: [fullA],
        fullB: [fullB],
        fullUnowned: [fullUnowned],
        otherBucket: [otherBucket],
      },
      select: 'select 1 from storage.objects where id = $1',
      update: 'update storage.objects set metadata = metadata where id = $1',
      delete: 'delete from storage.objects where id = $1',
      insert: () => ({
        sql: `insert into storage.objects (bucket_id, name) values ('audio', 'full/matrix-new.mp3')`,
        params: [],
      }),
    },
  };
}

// Rendering -----------------------------------------------------------------------------------------------

const ACTOR_HEADINGS: Record<Actor, string> = {
  anon: 'anon',
  customerA: 'customer A',
  customerB: 'customer B',
  admin: 'admin',
  service: 'service_role',
};

function renderCell(outcome: Outcome, operation: Operation, allRows: readonly string[]): string {
  if (outcome === DENIED) return '**42501**';
  if (outcome.length === 0) return '0 rows';
  if (operation === 'insert') return 'allowed';
  const failed = outcome.filter((label) => label.includes(':'));
  const reached = outcome.filter((label) => !label.includes(':'));
  const parts: string[] = [];
  if (failed.length === 0 && reached.length === allRows.length) {
    parts.push('all');
  } else if (reached.length > 0) {
    parts.push(reached.join(', '));
  }
  for (const label of failed) {
    const [row, code] = label.split(':');
    parts.push(`${row}: **${code}**`);
  }
  return parts.join('; ');
}

/** The matrix as markdown, the content of supabase/tests/POLICY-MATRIX.md. */
export function renderPolicyMatrix(): string {
  const lines: string[] = [
    '# Row-level security: the verified policy matrix',
    '',
    'Generated from `tests/database/policy-matrix.ts`; every cell is asserted against real Postgres (PGlite and PostgreSQL 17) by',
    '`tests/database/policy-matrix.test.ts`, which also fails when this file is out of date',
    '(regenerate with `UPDATE_POLICY_MATRIX=1 npx vitest run --project backend tests/database/policy-matrix.test.ts`).',
    '',
    'Each operation is tried on each fixture row separately, in a transaction that is rolled back, with the role',
    'and JWT claims the local stack sets for that caller. Cells name the rows the operation reached; "0 rows" means',
    'it silently affected nothing (RLS filtered every row); **42501** means Postgres refused it',
    '(insufficient privilege or a row-level security violation); `row: **code**` means that row failed with that',
    'SQLSTATE. Customers A and B are signed-in users without the admin role; admin is a user with a `user_roles`',
    "admin row; service_role is the edge functions' key and bypasses RLS.",
    '',
    `| table | operation | ${ACTORS.map((a) => ACTOR_HEADINGS[a]).join(' | ')} |`,
    `|---|---|${ACTORS.map(() => '---').join('|')}|`,
  ];
  for (const [table, spec] of Object.entries(POLICY_MATRIX)) {
    const allRows = Object.keys(spec.rows);
    for (const operation of OPERATIONS) {
      const cells = ACTORS.map((actor) => renderCell(spec.expect[operation][actor], operation, allRows));
      lines.push(`| \`${table}\` | ${operation} | ${cells.join(' | ')} |`);
    }
  }
  lines.push('', '## Fixture rows', '');
  for (const [table, spec] of Object.entries(POLICY_MATRIX)) {
    const legend = Object.entries(spec.rows).map(([label, text]) => `${label} (${text})`);
    lines.push(`- \`${table}\`: ${legend.join('; ')}.`);
  }
  lines.push(
    '',
    '## What the inserts try',
    '',
    '- `user_roles`: grant customer B the admin role.',
    '- `products`, `packages`: a new catalogue item; `package_items`: add a product to the published package.',
    '- `orders`, `purchases`: a row for the caller themself (customer A for anon and the service role).',
    '- `storage.objects`: upload `audio/full/<new>.mp3`.',
    '',
    '## Notes',
    '',
    '- **42501 on `user_roles` delete of the admin row**: triggers stop an admin removing their own admin role and',
    '  anyone removing the last admin, so the practice is never locked out; admins may grant and revoke everyone',
    "  else's roles.",
    '- **23503 on `products` delete**: a product someone bought cannot be deleted (unpublish it instead), so owners',
    '  keep their audio.',
    '- Customers see unpublished products they bought, and stream only the full audio of products they bought',
    "  (`storage.objects` under `full/` whose name is the product's `audio_path`). Previews are readable by all.",
    '- No role but service_role writes orders or purchases (there are no write policies for them), and only',
    '  service_role may execute `insert_purchase`. `is_admin()` answers only for the caller and is not executable',
    '  by anon; the policies call `private.is_admin(uid)`, in a schema the API does not expose, so no caller can',
    '  ask whether another user id is an admin.',
    '- **42501 on `storage.objects` delete for everyone**: as on hosted Supabase, a direct SQL `DELETE` on',
    '  storage tables is refused for every role (a statement trigger, `storage.protect_delete`); only the Storage',
    '  API deletes, setting `storage.allow_delete_query` for its own transaction, and RLS still decides which',
    '  objects it may remove.',
    '- Table privileges are explicit and least privilege (`supabase/migrations/20261125100000_explicit_grants.sql`;',
    '  the decisions, with reasons, in `tests/database/grants-decisions.ts`, checked by',
    '  `tests/database/grants.test.ts`): hosted Supabase grants nothing on new tables since 2026-05-30. A **42501**',
    '  where RLS would also have refused means the role holds no such privilege at all: anon reads only the',
    '  catalogue; signed-in users write only where a policy lets an admin write; the service role (which bypasses',
    '  RLS, so grants are its only limit) holds only what the edge functions use: it reads the catalogue and roles,',
    '  writes orders, order lines and purchases, and never updates a purchase or deletes an order. Storage grants',
    "  are the platform's (`supabase/local/db/bootstrap.sql`).",
    '',
  );
  return lines.join('\n');
}
