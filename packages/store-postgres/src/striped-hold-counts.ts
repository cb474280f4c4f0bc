import type { Tables } from './names';

/** Stripes of a resource's count of units held; a power of two (a holder's stripe is `key & (S - 1)`). */
export const COUNT_STRIPES = 8;

/** A resource of at least this capacity is counted in stripes: each stripe's share is 32 units or more. */
export const STRIPED_CAPACITY = 32 * COUNT_STRIPES;

/**
 * Migration 11 (migrations.ts). Every basket adding one popular product used to wait for the one
 * before it to commit: the capacity check held the resource's advisory lock and updated its one row
 * of counted units until COMMIT, WAL flush included (docs/scaling.md). A resource of `STRIPED_CAPACITY` or
 * more is now counted in `COUNT_STRIPES` rows, a holder's units in the stripe of its holder key,
 * each stripe with an equal share of the capacity (its quota; the first `capacity % S` one more).
 *
 * A growing hold of a striped resource takes only its stripe's lock (class 4, the resource's key
 * XOR the stripe) when, read before locking, its stripe has room for it and no stripe holds more
 * than its quota; then, under the lock, it checks both again and is refused (and decided again) if
 * they no longer hold. Otherwise it locks every stripe and checks the total, as before. Why that
 * never oversells: only a hold that locked every stripe can put a stripe over its quota, and it
 * cannot run while a one-stripe hold of the same resource holds its lock; so when a one-stripe
 * hold commits, every stripe is within its quota, and the quotas add up to the capacity. Counts
 * include expired rows until they are released, so they only ever overstate what is held: a hold
 * may take the slower way, never a unit too many. Locks are taken in key order as before (the
 * stripes' keys with the others'), so no two commits wait on each other in a cycle.
 *
 * Each hold row records the stripe it is counted in, so a holder's rows are taken off the right
 * count when they are replaced, whatever the resource's capacity is by then. Rows and counts
 * written before are all stripe 0, which is consistent: a stripe's count is the sum of its rows.
 */
export const stripedHoldCountsSql = (t: Tables): string => `
    ALTER TABLE ${t.holds} ADD COLUMN stripe smallint NOT NULL DEFAULT 0;
    ALTER TABLE ${t.holdCounts} ADD COLUMN stripe smallint NOT NULL DEFAULT 0;
    ALTER TABLE ${t.holdCounts} DROP CONSTRAINT hold_counts_pkey;
    ALTER TABLE ${t.holdCounts} ADD PRIMARY KEY (resource, stripe);

    CREATE FUNCTION ${t.schema}.stripe_quota(p_capacity integer, p_stripe integer) RETURNS integer
      LANGUAGE sql IMMUTABLE AS $fn$
        SELECT p_capacity / ${COUNT_STRIPES} + CASE WHEN p_stripe < p_capacity % ${COUNT_STRIPES} THEN 1 ELSE 0 END
      $fn$;

    -- Units of the resource that others hold unexpired: in one stripe, or in all (p_stripe NULL).
    -- Counts include expired rows until they are released, so those are taken off, and the holder's
    -- own. plpgsql, not sql: its statements' plans are kept for the session, where a SQL function
    -- called from plpgsql is planned again on every call.
    CREATE FUNCTION ${t.schema}.units_of_others(
      p_resource text, p_holder text, p_now timestamptz, p_stripe integer
    ) RETURNS bigint LANGUAGE plpgsql STABLE AS $fn$
    BEGIN
      RETURN coalesce((SELECT sum(c.units) FROM ${t.holdCounts} c
            WHERE c.resource = p_resource AND (p_stripe IS NULL OR c.stripe = p_stripe)), 0)
          - coalesce((SELECT sum(h.quantity) FROM ${t.holds} h
              WHERE h.resource = p_resource AND (p_stripe IS NULL OR h.stripe = p_stripe)
                AND h.expires_at IS NOT NULL AND h.expires_at <= p_now), 0)
          - coalesce((SELECT sum(h.quantity) FROM ${t.holds} h
              WHERE h.resource = p_resource AND h.holder = p_holder AND (p_stripe IS NULL OR h.stripe = p_stripe)
                AND (h.expires_at IS NULL OR h.expires_at > p_now)), 0);
    END
    $fn$;
${replaceHoldsSql(t, 'beyondUnexpiredUnits')}  `;

/**
 * Which of a holder's wanted resources are locked and checked against capacity: those that grow
 * beyond what the holder holds unexpired (migration 11), and since migration 12 also those whose
 * hold is extended (a later expiry, or none) — see migration 12 in migrations.ts.
 */
export type GrowthRule = 'beyondUnexpiredUnits' | 'orExtended';

const growingResources = (t: Tables, rule: GrowthRule): string =>
  rule === 'beyondUnexpiredUnits'
    ? `      -- The resources that grow beyond what the holder holds unexpired.
      SELECT array_agg(u.resource ORDER BY u.n), array_agg(u.quantity ORDER BY u.n),
             array_agg(u.capacity ORDER BY u.n), array_agg(u.key ORDER BY u.n)
        INTO g_resources, g_quantities, g_capacities, g_keys
        FROM unnest(p_resources, p_quantities, p_capacities, p_keys) WITH ORDINALITY AS u(resource, quantity, capacity, key, n)
        WHERE u.quantity > coalesce((SELECT sum(h.quantity) FROM ${t.holds} h
          WHERE h.holder = p_holder AND h.resource = u.resource
            AND (h.expires_at IS NULL OR h.expires_at > p_now)), 0);
`
    : `      -- The resources that grow beyond what the holder holds unexpired, or whose hold is extended.
      SELECT array_agg(u.resource ORDER BY u.n), array_agg(u.quantity ORDER BY u.n),
             array_agg(u.capacity ORDER BY u.n), array_agg(u.key ORDER BY u.n)
        INTO g_resources, g_quantities, g_capacities, g_keys
        FROM unnest(p_resources, p_quantities, p_capacities, p_keys, p_expires)
          WITH ORDINALITY AS u(resource, quantity, capacity, key, expires, n)
        WHERE u.quantity > coalesce((SELECT sum(h.quantity) FROM ${t.holds} h
            WHERE h.holder = p_holder AND h.resource = u.resource
              AND (h.expires_at IS NULL OR h.expires_at > p_now)), 0)
          OR EXISTS (SELECT 1 FROM ${t.holds} h
            WHERE h.holder = p_holder AND h.resource = u.resource AND h.expires_at IS NOT NULL
              AND (u.expires IS NULL OR u.expires > h.expires_at));
`;

/** \`replace_holds\` of the striped counts, with the given rule for which resources are checked. */
export const replaceHoldsSql = (t: Tables, rule: GrowthRule): string => `
    CREATE OR REPLACE FUNCTION ${t.schema}.replace_holds(
      p_holder text, p_holder_key integer, p_now timestamptz, p_resources text[], p_quantities integer[],
      p_capacities integer[], p_expires timestamptz[], p_keys integer[]
    ) RETURNS text LANGUAGE plpgsql AS $fn$
    DECLARE
      mine integer := p_holder_key & ${COUNT_STRIPES - 1};
      g_resources text[];
      g_quantities integer[];
      g_capacities integer[];
      g_keys integer[];
      g_alone boolean[] := '{}';
      lock_keys integer[] := '{}';
    BEGIN
      PERFORM pg_advisory_xact_lock(3, p_holder_key);
${growingResources(t, rule)}      IF g_resources IS NULL THEN
        g_resources := '{}';
      END IF;
      -- Each is checked on its own stripe (its lock alone) or on its total (every stripe's lock).
      FOR i IN 1 .. coalesce(array_length(g_resources, 1), 0) LOOP
        -- Before locking, by the counts alone (which only overstate): checked exactly under the lock.
        g_alone := g_alone || (g_capacities[i] >= ${STRIPED_CAPACITY} AND (
          SELECT coalesce(sum(c.units) FILTER (WHERE c.stripe = mine), 0) + g_quantities[i]
                <= ${t.schema}.stripe_quota(g_capacities[i], mine)
              AND NOT coalesce(bool_or(c.units > ${t.schema}.stripe_quota(g_capacities[i], c.stripe)), false)
            FROM ${t.holdCounts} c WHERE c.resource = g_resources[i]));
        IF g_alone[i] THEN
          lock_keys := lock_keys || (g_keys[i] # mine);
        ELSIF g_capacities[i] >= ${STRIPED_CAPACITY} THEN
          lock_keys := lock_keys || ARRAY(SELECT g_keys[i] # s FROM generate_series(0, ${COUNT_STRIPES - 1}) AS s);
        ELSE
          lock_keys := lock_keys || g_keys[i];
        END IF;
      END LOOP;
      PERFORM pg_advisory_xact_lock(4, k) FROM (SELECT DISTINCT unnest(lock_keys) AS k ORDER BY 1) AS keys;
      FOR i IN 1 .. coalesce(array_length(g_resources, 1), 0) LOOP
        IF g_alone[i] THEN
          -- Read again under the stripe's lock: refused (and decided again) if it no longer fits.
          -- Its stripe's share must hold it, and no stripe may be over its own.
          IF ${t.schema}.units_of_others(g_resources[i], p_holder, p_now, mine) + g_quantities[i]
                > ${t.schema}.stripe_quota(g_capacities[i], mine)
              OR EXISTS (SELECT 1 FROM ${t.holdCounts} c WHERE c.resource = g_resources[i]
                AND c.units > ${t.schema}.stripe_quota(g_capacities[i], c.stripe)) THEN
            RETURN g_resources[i];
          END IF;
        ELSIF ${t.schema}.units_of_others(g_resources[i], p_holder, p_now, NULL) + g_quantities[i] > g_capacities[i] THEN
          RETURN g_resources[i];
        END IF;
      END LOOP;
      -- The holds table takes writes from here alone (migration 19's trigger): the counts move with it.
      PERFORM set_config('${HOLDS_WRITER_SETTING}', 'on', true);
      WITH deleted AS (
        DELETE FROM ${t.holds} WHERE holder = p_holder RETURNING resource, stripe, quantity
      ), changes AS (
        SELECT resource, stripe, sum(by)::bigint AS by FROM (
          SELECT resource, stripe, -quantity AS by FROM deleted
          UNION ALL
          SELECT resource, CASE WHEN capacity >= ${STRIPED_CAPACITY} THEN mine ELSE 0 END, quantity
            FROM unnest(p_resources, p_quantities, p_capacities) AS u(resource, quantity, capacity)
        ) AS all_changes GROUP BY resource, stripe HAVING sum(by) <> 0
      )
      INSERT INTO ${t.holdCounts} AS c (resource, stripe, units)
        SELECT resource, stripe, by FROM changes ORDER BY resource, stripe
        ON CONFLICT (resource, stripe) DO UPDATE SET units = c.units + EXCLUDED.units;
      INSERT INTO ${t.holds} (resource, holder, quantity, capacity, expires_at, stripe)
        SELECT u.resource, p_holder, u.quantity, u.capacity, u.expires_at,
               CASE WHEN u.capacity >= ${STRIPED_CAPACITY} THEN mine ELSE 0 END
          FROM unnest(p_resources, p_quantities, p_capacities, p_expires) AS u(resource, quantity, capacity, expires_at);
      PERFORM set_config('${HOLDS_WRITER_SETTING}', '', true);
      RETURN NULL;
    END
    $fn$;
`;

/** The transaction-local setting under which `replace_holds` writes the holds table. */
const HOLDS_WRITER_SETTING = 'basket.writing_holds';

/**
 * Migration 19: the holds table refuses every write but `replace_holds`'s, which keeps the units
 * counted per resource (`hold_counts`) with the rows. A process from before `replace_holds` (migration
 * 8), started again on a newer schema (a rollback), wrote hold rows itself: the counts drifted from the rows, and
 * capacity checks read from the counts oversold once the newer process ran again. Its writes now fail,
 * with a message saying why, and nothing stored drifts.
 */
export const holdsWrittenByReplaceHoldsSql = (t: Tables): string => `
  ${replaceHoldsSql(t, 'orExtended')}
  CREATE FUNCTION ${t.schema}.refuse_direct_hold_writes() RETURNS trigger LANGUAGE plpgsql AS $fn$
  BEGIN
    IF coalesce(current_setting('${HOLDS_WRITER_SETTING}', true), '') <> 'on' THEN
      RAISE EXCEPTION 'the holds of schema ${t.schema} are written by replace_holds alone, which keeps their counts; this process writes them itself, so it is older than the schema: stop it and run a newer one'
        USING ERRCODE = 'insufficient_privilege';
    END IF;
    RETURN NULL;
  END
  $fn$;
  CREATE TRIGGER holds_written_by_replace_holds
    BEFORE INSERT OR UPDATE OR DELETE OR TRUNCATE ON ${t.holds}
    FOR EACH STATEMENT EXECUTE FUNCTION ${t.schema}.refuse_direct_hold_writes();
`;
