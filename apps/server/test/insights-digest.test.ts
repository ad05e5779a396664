import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { API_PATHS } from '@laurel/contract/paths';
import { ROLES } from '@laurel/contract/roles';

import { enqueueJob } from '../src/jobs/queue.ts';
import { JOB_TYPES } from '../src/jobs/types.ts';
import { digestFiguresOf } from '../src/modules/insights/insights-digest.ts';
import { rebuildInsights } from '../src/modules/insights/rebuild-insights.job.ts';
import { createTestApp, type TestApp } from './helpers/app.ts';
import type { BuiltUser } from './helpers/builders.ts';
import { TEST_PUBLIC_URL } from './helpers/tokens.ts';
import { DIALECTS } from './helpers/database.ts';
import { insertMatchedGraduate } from './helpers/graduates.ts';
import { createWorld, type World } from './helpers/world.ts';

describe.each(DIALECTS)('the monthly insights digest, on %s', (dialect) => {
  let t: TestApp;
  let second: TestApp;
  let w: World;
  let clock = new Date('2026-02-10T09:00:00Z');

  beforeAll(async () => {
    t = await createTestApp(dialect, { now: () => clock });
    second = await createTestApp(dialect, { now: () => clock, sameDatabaseAs: t });
    w = await createWorld(t);
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  /**
   * `count` matched 2020 graduates of Alpha College with full-time wages the year before and the
   * year after (from `wage`; every fourth one not employed after), and its insights rebuilt.
   */
  let graduates = 0;
  const graduate = async (count: number, wage: number) => {
    const db = t.database.handle.db;
    for (let i = 0; i < count; i += 1) {
      graduates += 1;
      const employed = i % 4 !== 0;
      await insertMatchedGraduate(
        db,
        {
          organizationId: w.a.id,
          credentialId: w.credentialA,
          externalId: `DIGEST-${graduates}`,
          lastName: `Graduate ${graduates}`,
        },
        [
          { year: 2019, wage: 30_000 + i * 100 },
          { year: 2021, wage: employed ? wage + i * 250 : null, employed },
        ],
      );
    }
    await rebuildInsights(db, w.a.id, { now: clock });
  };

  const insightsOfAlpha = async () =>
    (
      await t.app.inject({
        url: `${API_PATHS.insightsData}?organizationId=${w.a.id}`,
        headers: { authorization: `Bearer ${await w.token(w.adminA)}` },
      })
    ).json();

  const setDigest = async (user: BuiltUser, insightsDigest: boolean) =>
    t.app.inject({
      method: 'PUT',
      url: API_PATHS.profileInsightsDigest,
      headers: { authorization: `Bearer ${await w.token(user)}` },
      payload: { insightsDigest },
    });

  /** Both instances look for due digests and run their jobs, twice. */
  const runMonth = async () => {
    for (let round = 0; round < 2; round += 1)
      for (const instance of [t, second]) {
        await instance.app.jobs.purge();
        await instance.runJobs();
      }
  };

  const digestsTo = (email: string) =>
    t.database.handle.db
      .selectFrom('outboxEmails')
      .select(['subject', 'textBody', 'htmlBody'])
      .where('toAddress', '=', email.toLowerCase())
      .where((eb) =>
        eb.or([
          eb('subject', 'like', 'Insights digest of %'),
          eb('subject', 'like', 'Resumen mensual de indicadores de %'),
        ]),
      )
      .orderBy('id')
      .execute();

  it('is opted in and out by organization admins only, kept and audited', async () => {
    const admin = await t.createUser(w.a.id, {
      roleId: ROLES.ORGANIZATION_ADMIN,
      firstName: 'Olga',
      lastName: 'Opt',
    });
    const profile = async () =>
      (
        await t.app.inject({
          url: API_PATHS.profile,
          headers: { authorization: `Bearer ${await w.token(admin)}` },
        })
      ).json();
    expect(await profile()).toMatchObject({ insightsDigest: false });

    const on = await setDigest(admin, true);
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ id: admin.id, insightsDigest: true });
    expect(await profile()).toMatchObject({ insightsDigest: true });
    expect((await setDigest(admin, false)).json()).toMatchObject({ insightsDigest: false });

    const entries = await t.database.handle.db
      .selectFrom('auditEntries')
      .select('summary')
      .where('resourceType', '=', 'user')
      .where('resourceId', '=', String(admin.id))
      .orderBy('id')
      .execute();
    expect(entries.map((e) => e.summary)).toEqual([
      `Profile of ${admin.email}: insightsDigest: false → true`,
      `Profile of ${admin.email}: insightsDigest: true → false`,
    ]);

    const refused = await setDigest(w.userA, true);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      message: 'Only organization admins can receive the monthly insights digest.',
      messageKey: 'profile.insightsDigestAdminsOnly',
    });
    // Opting out is always allowed.
    expect((await setDigest(w.userA, false)).statusCode).toBe(200);
    const unknown = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.profileInsightsDigest,
      headers: { authorization: `Bearer ${await w.token(w.adminA)}` },
      payload: { insightsDigest: 'yes' },
    });
    expect(unknown.statusCode).toBe(400);
  });

  it('sends each opted-in admin one digest a month, in their language, with the published figures', async () => {
    const spanish = await t.createUser(w.a.id, {
      roleId: ROLES.ORGANIZATION_ADMIN,
      firstName: 'Lucía',
      lastName: 'Reyes',
    });
    const demoted = await t.createUser(w.a.id, {
      roleId: ROLES.ORGANIZATION_ADMIN,
      firstName: 'Dario',
      lastName: 'Demoted',
    });
    expect((await setDigest(w.adminA, true)).statusCode).toBe(200);
    expect((await setDigest(spanish, true)).statusCode).toBe(200);
    expect((await setDigest(demoted, true)).statusCode).toBe(200);
    const language = await t.app.inject({
      method: 'PUT',
      url: API_PATHS.profileLanguage,
      headers: { authorization: `Bearer ${await w.token(spanish)}` },
      payload: { language: 'es' },
    });
    expect(language.statusCode).toBe(200);
    // A role change away from organization admin ends the digest.
    const changed = await t.app.inject({
      method: 'PATCH',
      url: API_PATHS.user(demoted.id),
      headers: { authorization: `Bearer ${await w.token(w.adminA)}` },
      payload: { role_id: ROLES.USER },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await graduate(40, 45_000);

    await runMonth();

    const [english] = await digestsTo(w.adminA.email);
    expect(await digestsTo(w.adminA.email)).toHaveLength(1);
    expect(await digestsTo(spanish.email)).toHaveLength(1);
    expect(await digestsTo(demoted.email)).toHaveLength(0);
    expect(await digestsTo(w.adminB.email)).toHaveLength(0);
    expect(await digestsTo(w.userA.email)).toHaveLength(0);

    const data = await insightsOfAlpha();
    // Figures that are published, so that the digest says them.
    expect(data.earnings.salary.value).toEqual(expect.any(Number));
    expect(data.employment.employmentRate.value).toEqual(expect.any(Number));
    const stored = await t.database.handle.db
      .selectFrom('insightsDigests')
      .select(['userId', 'month', 'figures'])
      .where('userId', '=', w.adminA.id)
      .execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.month).toBe('2026-02');
    expect(JSON.parse(stored[0]!.figures)).toEqual(digestFiguresOf(data));

    expect(english!.subject).toBe('Insights digest of Alpha College: February 2026');
    const lines = english!.textBody.split('\n');
    const dollars = (value: number, locale: string) =>
      new Intl.NumberFormat(locale, {
        style: 'currency',
        currency: 'USD',
        maximumFractionDigits: 0,
        minimumFractionDigits: 0,
      }).format(Math.round(value));
    const percent = (fraction: number, locale: string) =>
      new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 0 }).format(
        Math.round(fraction * 100) / 100,
      );
    expect(lines).toEqual(
      expect.arrayContaining([
        'Hello Ada,',
        `Awards: ${data.cohort.awards.toLocaleString('en-US')}`,
        `Matched: ${data.cohort.matched.count.toLocaleString('en-US')}`,
        `Median salary one year after the award: ${dollars(data.earnings.salary.value, 'en-US')}`,
        `Employment rate: ${percent(data.employment.employmentRate.value, 'en-US')}`,
      ]),
    );
    expect(lines).toContain(
      'This is your first insights digest; the next one will say how each figure changed.',
    );
    expect(lines).toContain(
      `Every figure and the PDF report: ${TEST_PUBLIC_URL}/organizations/${w.a.id}/insights`,
    );
    expect(english!.htmlBody).toContain('<html lang="en">');

    const [es] = await digestsTo(spanish.email);
    expect(es!.subject).toBe('Resumen mensual de indicadores de Alpha College: febrero de 2026');
    expect(es!.textBody).toContain('Hola, Lucía:');
    expect(es!.textBody.split('\n')).toEqual(
      expect.arrayContaining([
        `Otorgamientos: ${data.cohort.awards.toLocaleString('es-419')}`,
        `Salario mediano un año después del otorgamiento: ${dollars(data.earnings.salary.value, 'es-419')}`,
        `Tasa de empleo: ${percent(data.employment.employmentRate.value, 'es-419')}`,
      ]),
    );
    expect(es!.htmlBody).toContain('<html lang="es">');
  });

  it("says in the next month's digest how each figure changed since the previous one", async () => {
    const february = await insightsOfAlpha();
    clock = new Date('2026-03-02T09:00:00Z');
    // More graduates, better paid: every figure moves.
    await graduate(20, 60_000);
    const march = await insightsOfAlpha();
    expect(march.cohort.awards).toBe(february.cohort.awards + 20);

    // A job of the same person and month queued past the dedupe key, run by two workers at once,
    // still sends one digest.
    for (let i = 0; i < 2; i += 1)
      await enqueueJob(t.database.handle.db, {
        type: JOB_TYPES.sendInsightsDigest,
        organizationId: w.a.id,
        payload: { userId: w.adminA.id, month: '2026-03' },
      });
    await Promise.all([t.runJobs(), second.runJobs()]);
    await runMonth();
    const digests = await digestsTo(w.adminA.email);
    expect(digests).toHaveLength(2);
    const sent = digests[1]!;
    expect(sent.subject).toBe('Insights digest of Alpha College: March 2026');
    const lines = sent.textBody.split('\n');
    expect(lines).toContain(
      `Awards: ${march.cohort.awards.toLocaleString('en-US')} (+20 since the last digest)`,
    );
    expect(lines).toContain(
      `Matched: ${march.cohort.matched.count.toLocaleString('en-US')} (+20 since the last digest)`,
    );
    const salaryChange =
      Math.round(march.earnings.salary.value) - Math.round(february.earnings.salary.value);
    expect(salaryChange).toBeGreaterThan(0);
    expect(lines).toContain(
      `Median salary one year after the award: ${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(Math.round(march.earnings.salary.value))} (+${new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0, minimumFractionDigits: 0 }).format(salaryChange)} since the last digest)`,
    );
    expect(lines.find((line) => line.startsWith('Employment rate:'))).toMatch(
      /^Employment rate: \d+% \((unchanged since the last digest|[+-]\d+ percentage points since the last digest)\)$/,
    );
    expect(sent.textBody).not.toContain('This is your first insights digest');
    const stored = await t.database.handle.db
      .selectFrom('insightsDigests')
      .select('month')
      .where('userId', '=', w.adminA.id)
      .orderBy('month')
      .execute();
    expect(stored.map((row) => row.month)).toEqual(['2026-02', '2026-03']);

    // Opted out: no April digest.
    expect((await setDigest(w.adminA, false)).statusCode).toBe(200);
    clock = new Date('2026-04-01T09:00:00Z');
    await runMonth();
    expect(await digestsTo(w.adminA.email)).toHaveLength(2);
  });
});
