// The local stack's REST layer probed as an attacker would: embed bombs (deep or wide embeds), a slow query against
// everyone else's requests, is_admin(uid) through the API (asking about another user), malformed and oversized requests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '../../supabase/local/server.ts';
import { confirmedUser, signedInClient, startTestStack } from '../contract/support/stack.ts';
import { rawRequest } from './support/raw-http.ts';
import {
  budget,
  expectJsonError,
  expectStackAnswers,
  junctionChain,
  keyHeaders,
  manyToManyChain,
} from './support/stack-probe.ts';

let stack: LocalStack;

beforeAll(async () => {
  stack = await startTestStack();
  // Load the schema cache, as any first request would.
  await (
    await fetch(`${stack.url}/rest/v1/products?select=id&limit=1`, { headers: keyHeaders(stack) })
  ).arrayBuffer();
  // Starting a stack (migrations, seed, bcrypt) is slow on a busy machine.
}, 180_000);

afterAll(async () => {
  await stack?.stop();
});

function select(table: string, selectList: string, token?: string): Promise<Response> {
  return fetch(`${stack.url}/rest/v1/${table}?select=${encodeURIComponent(selectList)}`, {
    headers: keyHeaders(stack, token),
  });
}

describe('embed bombs are refused before they run', () => {
  it.each([
    ['products ↔ packages through the junction, 5 deep', 'products', manyToManyChain(5)],
    ['packages ↔ products through the junction, 8 deep', 'packages', manyToManyChain(8)],
    ['package_items ↔ products ↔ package_items, 6 deep', 'package_items', junctionChain(3)],
    [
      'packages → package_items → products → …, 4 deep',
      'packages',
      junctionChain(2).replace(/^product_id,/, 'id,'),
    ],
  ])('%s: 400 with a JSON error, at once', async (_label, table, selectList) => {
    const started = performance.now();
    const body = await expectJsonError(await select(table, selectList), 400);
    // Refused before any database work: no embed is ever evaluated.
    expect(performance.now() - started).toBeLessThan(budget(1_000));
    expect(body.code).toBe('PGRST100');
    expect(String(body.message)).toMatch(/embed/i);
    await expectStackAnswers(stack);
  });

  it('many sibling embeds (width instead of depth): 400', async () => {
    const siblings = Array.from({ length: 30 }, (_, i) => `p${i}:packages!package_items(*)`).join(',');
    const body = await expectJsonError(await select('products', `*,${siblings}`), 400);
    expect(String(body.message)).toMatch(/embed/i);
    await expectStackAnswers(stack);
  });

  it('a select nested thousands of parentheses deep: 400 without parsing it all', async () => {
    // 800 levels: as deep as fits in Node's 16 KiB request head once percent-encoded.
    const nested = `${'products('.repeat(800)}id${')'.repeat(800)}`;
    const started = performance.now();
    await expectJsonError(await select('packages', nested), 400);
    expect(performance.now() - started).toBeLessThan(budget(1_000));
    await expectStackAnswers(stack);
  });

  it('a logic filter nested thousands deep: 400', async () => {
    const nested = `${'or('.repeat(1500)}id.eq.1${')'.repeat(1500)}`;
    const response = await fetch(
      `${stack.url}/rest/v1/products?select=id&or=(${encodeURIComponent(nested)})`,
      {
        headers: keyHeaders(stack),
      },
    );
    await expectJsonError(response, 400);
    await expectStackAnswers(stack);
  });

  it('the shapes the site uses still work: packages with their items and products', async () => {
    const response = await select('packages', 'id,title,package_items(position,products(id,title,slug))');
    expect(response.status).toBe(200);
    const rows = (await response.json()) as { package_items: { products: { title: string } }[] }[];
    expect(rows.length).toBeGreaterThan(0);
    expect(rows[0]!.package_items[0]!.products.title).toBeTruthy();
  });

  it('the heaviest select within the bounds answers well within the anonymous statement timeout', async () => {
    const chains = Array.from(
      { length: 4 },
      (_, i) => `c${i}:packages!package_items(*,${manyToManyChain(2, '*')})`,
    );
    const started = performance.now();
    const response = await select('products', `*,${chains.join(',')}`);
    const elapsed = performance.now() - started;
    // Unloaded it takes a few hundred ms; on a busy machine the statement timeout (3 s) cuts it off.
    expect([200, 500]).toContain(response.status);
    if (response.status === 500) expect(await response.json()).toMatchObject({ code: '57014' });
    else await response.arrayBuffer();
    expect(elapsed).toBeLessThan(3_000 + budget(1_000));
    await expectStackAnswers(stack);
  });
});

describe('a slow query cannot hold the stack beyond the statement timeout', () => {
  let slowStack: LocalStack;
  const TIMEOUT_MS = 400;

  beforeAll(async () => {
    // Deeper embeds allowed so that a query is genuinely slow (about 3 s unbounded), and a short timeout.
    slowStack = await startTestStack({
      rest: {
        maxEmbedDepth: 8,
        maxEmbeds: 16,
        statementTimeoutMs: { anon: TIMEOUT_MS, authenticated: TIMEOUT_MS },
      },
    });
  }, 180_000);

  afterAll(async () => {
    await slowStack?.stop();
  });

  it('the slow request is cancelled at the timeout (57014) and a request behind it waits no longer', async () => {
    const started = performance.now();
    // An even chain starts with products!package_items: from packages (products-to-products is no relationship).
    const slow = fetch(`${slowStack.url}/rest/v1/packages?select=${encodeURIComponent(manyToManyChain(8))}`, {
      headers: keyHeaders(slowStack),
    }).then(async (response) => ({ response, at: performance.now() - started }));
    // Queued behind the slow one on the single database connection.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const normal = fetch(`${slowStack.url}/rest/v1/products?select=id&limit=1`, {
      headers: keyHeaders(slowStack),
    }).then((response) => ({ response, at: performance.now() - started }));
    const [slowResult, normalResult] = await Promise.all([slow, normal]);
    const body = await expectJsonError(slowResult.response, 500);
    expect(body).toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' });
    expect(normalResult.response.status).toBe(200);
    // Generous margin for a busy machine; unbounded, the slow query holds everything for about 3 s.
    expect(slowResult.at).toBeLessThan(TIMEOUT_MS + budget(1_000));
    expect(normalResult.at).toBeLessThan(TIMEOUT_MS + budget(1_000));
    await expectStackAnswers(slowStack);
  });
});

describe('is_admin answers only for the caller', () => {
  let admin: { id: string; token: string };
  let customerToken: string;

  beforeAll(async () => {
    const adminSession = await signedInClient(stack, 'admin@example.com', 'password123');
    const adminToken = (await adminSession.client.auth.getSession()).data.session!.access_token;
    admin = { id: adminSession.userId, token: adminToken };
    const customer = await confirmedUser(stack, 'is-admin-probe');
    const customerSession = await signedInClient(stack, customer.email, customer.password);
    customerToken = (await customerSession.client.auth.getSession()).data.session!.access_token;
  });

  function rpc(token: string, args: Record<string, unknown>): Promise<Response> {
    return fetch(`${stack.url}/rest/v1/rpc/is_admin`, {
      method: 'POST',
      headers: { ...keyHeaders(stack, token), 'content-type': 'application/json' },
      body: JSON.stringify(args),
    });
  }

  it('asking about another user id is refused (POST and GET)', async () => {
    const post = await expectJsonError(await rpc(customerToken, { uid: admin.id }), 404);
    expect(post.code).toBe('PGRST202');
    const get = await fetch(`${stack.url}/rest/v1/rpc/is_admin?uid=${admin.id}`, {
      headers: keyHeaders(stack, customerToken),
    });
    await expectJsonError(get, 404);
    await expectStackAnswers(stack);
  });

  it('the caller learns their own answer', async () => {
    expect(await (await rpc(admin.token, {})).json()).toBe(true);
    expect(await (await rpc(customerToken, {})).json()).toBe(false);
  });

  it('anonymous callers may not call it', async () => {
    await expectJsonError(await rpc(stack.anonKey, {}), 401);
  });
});

describe('malformed and oversized REST requests', () => {
  it('a JSON body nested 100,000 deep: 400', async () => {
    const response = await fetch(`${stack.url}/rest/v1/products`, {
      method: 'POST',
      headers: { ...keyHeaders(stack), 'content-type': 'application/json' },
      body: `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
    });
    const body = await expectJsonError(response, 400);
    expect(body.code).toBe('PGRST102');
    await expectStackAnswers(stack);
  });

  it('an RPC argument object nested 100,000 deep: 400', async () => {
    const response = await fetch(`${stack.url}/rest/v1/rpc/is_admin`, {
      method: 'POST',
      headers: { ...keyHeaders(stack), 'content-type': 'application/json' },
      body: `{"a":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_001)}`,
    });
    await expectJsonError(response, 400);
    await expectStackAnswers(stack);
  });

  it('U+0000 in a filter value: 400', async () => {
    const response = await fetch(`${stack.url}/rest/v1/products?select=id&title=eq.a%00b`, {
      headers: keyHeaders(stack),
    });
    await expectJsonError(response, 400);
    await expectStackAnswers(stack);
  });

  it('malformed percent-encoding in the path: JSON 404, not a 500', async () => {
    const response = await fetch(`${stack.url}/rest/v1/%ZZ`, { headers: keyHeaders(stack) });
    await expectJsonError(response, 404);
    await expectStackAnswers(stack);
  });

  it('over-long headers: 431 with a JSON body', async () => {
    const port = Number(new URL(stack.url).port);
    const response = await rawRequest(
      port,
      `GET /rest/v1/products HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nCookie: a=${'b'.repeat(80 * 1024)}\r\nConnection: close\r\n\r\n`,
    );
    expect(response.status).toBe(431);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(JSON.parse(response.body)).toMatchObject({ message: expect.any(String) });
    await expectStackAnswers(stack);
  });

  it('a garbage request line: 400 with a JSON body', async () => {
    const port = Number(new URL(stack.url).port);
    const response = await rawRequest(port, 'NOT A REQUEST\r\n\r\n');
    expect(response.status).toBe(400);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    await expectStackAnswers(stack);
  });
});
