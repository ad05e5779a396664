import type { Insertable, Kysely } from 'kysely';

import { recountAwards } from '../db/award-counts.ts';
import type { AwardTable, Database } from '../db/schema.ts';
import { enqueueJob } from '../jobs/queue.ts';
import { JOB_TYPES } from '../jobs/types.ts';
import { matchAwardsDedupeKey } from '../modules/earnings/match-awards.job.ts';
import { createDemoRepository } from './demo.repository.ts';
import { createRandom } from './random.ts';

/** How many people earned credentials at each demo organization (by organization key). */
export const DEMO_AWARD_COUNTS: Record<string, number> = {
  northwind: 14_000,
  riverside: 9_000,
  summit: 3_500,
  harbor: 4_000,
  keystone: 3_000,
};

/** Award years of the demo world: the first and the latest. */
export const DEMO_AWARD_YEARS = { from: 2013, to: 2025 } as const;

const FIRST_NAMES = [
  'Aaliyah',
  'Aaron',
  'Abigail',
  'Adrian',
  'Aiden',
  'Alejandro',
  'Alexis',
  'Amara',
  'Amir',
  'Ana',
  'Andre',
  'Angela',
  'Anthony',
  'Aria',
  'Ava',
  'Benjamin',
  'Brandon',
  'Brianna',
  'Caleb',
  'Camila',
  'Carlos',
  'Carmen',
  'Chloe',
  'Christopher',
  'Daniel',
  'Darius',
  'Destiny',
  'Diego',
  'Dylan',
  'Elena',
  'Elijah',
  'Emily',
  'Emmanuel',
  'Ethan',
  'Fatima',
  'Gabriel',
  'Grace',
  'Hannah',
  'Hector',
  'Imani',
  'Isabella',
  'Isaiah',
  'Jacob',
  'Jada',
  'James',
  'Jasmine',
  'Javier',
  'Jayden',
  'Jessica',
  'Jonathan',
  'Jose',
  'Joshua',
  'Julia',
  'Kayla',
  'Kevin',
  'Kiara',
  'Lauren',
  'Leah',
  'Liam',
  'Lucas',
  'Luis',
  'Madison',
  'Malik',
  'Maria',
  'Marcus',
  'Maya',
  'Megan',
  'Michael',
  'Mohammed',
  'Natalie',
  'Nathan',
  'Nia',
  'Noah',
  'Olivia',
  'Omar',
  'Paul',
  'Priya',
  'Rachel',
  'Ricardo',
  'Ryan',
  'Samantha',
  'Samuel',
  'Sara',
  'Sofia',
  'Stephanie',
  'Tariq',
  'Taylor',
  'Thomas',
  'Tiana',
  'Trevor',
  'Tyler',
  'Valeria',
  'Victor',
  'Wei',
  'William',
  'Xavier',
  'Yasmin',
  'Yusuf',
  'Zoe',
  'Zion',
];

const LAST_NAMES = [
  'Adams',
  'Ahmed',
  'Allen',
  'Alvarez',
  'Anderson',
  'Baker',
  'Banks',
  'Bell',
  'Brooks',
  'Brown',
  'Bui',
  'Campbell',
  'Carter',
  'Castillo',
  'Chavez',
  'Chen',
  'Clark',
  'Collins',
  'Cooper',
  'Cruz',
  'Davis',
  'Diaz',
  'Edwards',
  'Evans',
  'Flores',
  'Foster',
  'Garcia',
  'Gomez',
  'Gonzalez',
  'Gray',
  'Green',
  'Gupta',
  'Hall',
  'Harris',
  'Hernandez',
  'Hill',
  'Hughes',
  'Jackson',
  'James',
  'Johnson',
  'Jones',
  'Kelly',
  'Khan',
  'Kim',
  'King',
  'Lee',
  'Lewis',
  'Lopez',
  'Martin',
  'Martinez',
  'Mendoza',
  'Miller',
  'Mitchell',
  'Moore',
  'Morales',
  'Morgan',
  'Murphy',
  'Nguyen',
  'Nelson',
  'Okoye',
  'Ortiz',
  'Owens',
  'Patel',
  'Perez',
  'Peterson',
  'Phillips',
  'Price',
  'Ramirez',
  'Reed',
  'Reyes',
  'Richardson',
  'Rivera',
  'Roberts',
  'Robinson',
  'Rodriguez',
  'Rogers',
  'Ross',
  'Sanchez',
  'Sanders',
  'Scott',
  'Shah',
  'Smith',
  'Stewart',
  'Sullivan',
  'Taylor',
  'Thomas',
  'Thompson',
  'Torres',
  'Tran',
  'Turner',
  'Walker',
  'Ward',
  'Washington',
  'Watson',
  'White',
  'Williams',
  'Wilson',
  'Wright',
  'Young',
];

// Awards cluster at the end of terms.
const MONTH_WEIGHTS = [3, 2, 3, 3, 14, 16, 4, 6, 3, 3, 4, 14];

export interface DemoCredential {
  id: number;
  organizationId: number;
  code: string;
}

function pickMonth(r: number): number {
  const total = MONTH_WEIGHTS.reduce((sum, w) => sum + w, 0);
  let threshold = r * total;
  for (let month = 0; month < 12; month += 1) {
    threshold -= MONTH_WEIGHTS[month]!;
    if (threshold < 0) return month + 1;
  }
  return 12;
}

/**
 * Inserts the demo world's awards: `count` fictional people over the organization's credentials,
 * more in recent years (programs grow), award dates at the end of terms. Deterministic.
 * @returns how many awards were inserted
 */
export async function seedDemoAwards(
  db: Kysely<Database>,
  organizationKey: string,
  credentials: DemoCredential[],
  count: number,
  /** Whether the organization has the earnings entitlement: only then are its awards matched. */
  matched = true,
): Promise<number> {
  if (credentials.length === 0 || count <= 0) return 0;
  const random = createRandom(hashKey(organizationKey));
  const prefix = organizationKey.slice(0, 2).toUpperCase();
  const years = DEMO_AWARD_YEARS.to - DEMO_AWARD_YEARS.from + 1;
  // Credentials differ in size: the first ones of a catalogue are the large programs.
  const weights = credentials.map((_, index) => 1 / (1 + index * 0.35));
  const weightTotal = weights.reduce((sum, w) => sum + w, 0);
  const now = new Date().toISOString();

  const rows: Array<Insertable<AwardTable>> = [];
  let inserted = 0;
  await db.transaction().execute(async (trx) => {
    const awards = createDemoRepository(trx);
    for (let index = 0; index < count; index += 1) {
      let threshold = random.next() * weightTotal;
      let credential = credentials[credentials.length - 1]!;
      for (let c = 0; c < credentials.length; c += 1) {
        threshold -= weights[c]!;
        if (threshold < 0) {
          credential = credentials[c]!;
          break;
        }
      }
      // Linear growth: the latest year has about three times the awards of the first.
      const u = random.next();
      const yearOffset = Math.min(years - 1, Math.floor(((Math.sqrt(1 + 8 * u) - 1) / 2) * years));
      const year = DEMO_AWARD_YEARS.from + yearOffset;
      const month = pickMonth(random.next());
      const day = random.int(1, 28);
      const firstName = random.pick(FIRST_NAMES);
      const lastName = random.pick(LAST_NAMES);
      const externalId = `${prefix}${String(100000 + index)}`;
      const ageAtAward = random.int(18, 52);
      const hasBirthDate = random.next() < 0.7;
      const birthDate = hasBirthDate
        ? `${year - ageAtAward}-${String(random.int(1, 12)).padStart(2, '0')}-${String(random.int(1, 28)).padStart(2, '0')}`
        : null;
      rows.push({
        organizationId: credential.organizationId,
        credentialId: credential.id,
        externalId,
        firstName,
        lastName,
        email:
          random.next() < 0.85
            ? `${firstName}.${lastName}.${externalId}@example.org`.toLowerCase()
            : null,
        dateOfBirth: birthDate,
        awardDate: `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`,
        awardYear: year,
        uploadId: null,
        matchProvider: null,
        matchedAt: null,
        createdAt: now,
        updatedAt: now,
      });
      inserted += 1;
      if (rows.length === 500) {
        await awards.insertAwards(rows.splice(0));
      }
    }
    if (rows.length > 0) await awards.insertAwards(rows.splice(0));
    await recountAwards(trx, credentials[0]!.organizationId);
    // The earnings provider looks for these people in the background, like after an upload;
    // an organization without the earnings entitlement is neither matched nor billed.
    const organizationId = credentials[0]!.organizationId;
    if (matched)
      await enqueueJob(trx, {
        type: JOB_TYPES.matchAwards,
        organizationId,
        dedupeKey: matchAwardsDedupeKey(organizationId),
      });
  });
  return inserted;
}

function hashKey(key: string): number {
  let hash = 2166136261;
  for (let i = 0; i < key.length; i += 1) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 16777619);
  }
  return hash >>> 0;
}
