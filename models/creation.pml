/*
 * Creation with creation recovery (spec lines 69-73, 117; R-CRE-1, R-CRE-2, R-STO-1, V06).
 *
 * N creators race to create one object. The Location Store holds its authority record (state,
 * owner, ObjectGeneration, StoreVersion); every change is a compare-and-set on the StoreVersion,
 * and its reply may be lost (the change applied or not, the creator does not know). Any creator
 * may crash before any of its steps; a crashed creator's owner lease ends some time later. A
 * creator that finds a Creating record whose owner's lease has ended recovers it: it continues the
 * same generation on its own node or cancels exactly that record (back to Missing, same
 * generation).
 *
 * Properties (assertions; pan reports a violation with a trail):
 *  - never two owners: at most one creator that believes it secured the record holds a valid lease;
 *  - the factory of a generation runs only on the node the record names, while the record is
 *    Creating with that generation (so never once it is Ready, and never on two live owners);
 *  - the generation never decreases, and a Creating record keeps its generation when recovered.
 *
 * Switches that break one rule each (the models' mutants, see check.sh):
 *  -DLOST_CAS_STILL_OWNS        a creator whose compare-and-set lost believes it secured the record
 *  -DNO_REREAD_ON_LOST_REPLY    a lost reply is taken as success instead of re-reading the record
 *  -DRECOVERY_BUMPS_GENERATION  recovery continues the creation under a new generation
 *  -DCANCEL_RESETS_GENERATION   cancelling a record deletes it, so its generation starts again
 *  -DRECOVER_LIVE_OWNER         recovery takes over a record whose owner's lease is still valid
 */

#ifndef N
#define N 3              /* creators */
#endif
#ifndef MAXCRASH
#define MAXCRASH 1       /* crashes per run (check.sh also runs N=2 with 2: a recovery of a recovery) */
#endif
#define MAXLOST 1        /* lost Store replies per run */
#define TRIES 2          /* how often a creator starts over after a conflict */
#define NONE 255

mtype = { MISSING, CREATING, READY };
mtype = { APPLIED, CONFLICT, UNCLEAR };

typedef Record { mtype state; byte owner; byte gen; byte ver };
Record rec;

bool crashed[N];     /* the creator's process died */
bool leaseValid[N];  /* its owner lease, on the Store's clock: ends only after the crash */
bool owns[N];        /* the creator believes it secured the record */
byte crashes;
byte lost;

/* One change of the record, as the Store applies it. The asserts are the generation rules. */
inline write(s, o, g) {
  assert(g >= rec.gen);                                     /* generation never decreases */
  assert(!(rec.state == CREATING && s == CREATING) || g == rec.gen); /* recovery keeps the generation */
  rec.state = s; rec.owner = o; rec.gen = g; rec.ver++
}

/* Compare-and-set on the StoreVersion `v`. Its answer may not come (UNCLEAR): the request was
 * lost and nothing applied, or the reply was lost after the change applied or conflicted. */
inline cas(v, s, o, g, res) {
  atomic {
    if
    :: lost < MAXLOST -> lost++; res = UNCLEAR       /* request lost */
    :: rec.ver == v -> write(s, o, g); res = APPLIED
    :: else -> res = CONFLICT
    fi;
    if
    :: res != UNCLEAR && lost < MAXLOST -> lost++; res = UNCLEAR   /* reply lost */
    :: true
    fi
  }
}

/* Section 7: no guess. Re-read the same key and compare with the StoreVersion first used. */
inline resolve(v, s, o, g, res) {
  if
  :: res == UNCLEAR ->
#ifdef NO_REREAD_ON_LOST_REPLY
     res = APPLIED
#else
     atomic {
       if
       :: rec.ver == v + 1 && rec.state == s && rec.owner == o && rec.gen == g -> res = APPLIED
       :: else -> res = CONFLICT
       fi
     }
#endif
  :: else -> skip
  fi
}

proctype Creator(byte me) {
  byte s, o, g, v;
  mtype res;
  byte tries = 0;
  {
    skip;                                  /* (a label may not open a block) */
again:
    atomic { s = rec.state; o = rec.owner; g = rec.gen; v = rec.ver };
    if
    :: s == MISSING ->
       g = g + 1;                          /* a new incarnation: the next generation */
       cas(v, CREATING, me, g, res); resolve(v, CREATING, me, g, res)
#ifdef RECOVER_LIVE_OWNER
    :: s == CREATING && o != me ->
#else
    :: s == CREATING && o != me && !leaseValid[o] ->
#endif
       /* creation recovery: exactly this record, continued or cancelled */
       if
       :: true ->
#ifdef RECOVERY_BUMPS_GENERATION
          g = g + 1;
#endif
          cas(v, CREATING, me, g, res); resolve(v, CREATING, me, g, res)
       :: true ->
#ifdef CANCEL_RESETS_GENERATION
          cas(v, MISSING, NONE, 0, res);
#else
          cas(v, MISSING, NONE, g, res);
#endif
          goto done
       fi
    :: else -> goto done                   /* AlreadyExists: Ready, or Creating under a valid lease */
    fi;
    if
    :: res == APPLIED -> owns[me] = true
    :: else ->
#ifdef LOST_CAS_STILL_OWNS
       owns[me] = true
#else
       tries++;
       if
       :: tries < TRIES -> goto again
       :: else -> goto done
       fi
#endif
    fi;
    /* The factory runs: only for the record that names this node, Creating, this generation. */
    atomic { assert(rec.state == CREATING && rec.owner == me && rec.gen == g) };
    v = v + 1;
    cas(v, READY, me, g, res); resolve(v, READY, me, g, res);
    if
    :: res == APPLIED -> skip
    :: else -> owns[me] = false            /* the record is no longer ours: stop */
    fi;
done: skip
  } unless { crashed[me] }
}

/* Crashes at any step of any creator, and the owner leases that end after them. */
active proctype Environment() {
  byte p;
end:
  do
  :: crashes < MAXCRASH -> atomic { select(p : 0 .. N - 1); if :: !crashed[p] -> crashed[p] = true; crashes++ :: else fi }
  :: atomic { select(p : 0 .. N - 1); if :: crashed[p] && leaseValid[p] -> leaseValid[p] = false :: else fi }
  od
}

/* Never two owners: two creators that believe they secured the record, both with a valid lease. */
#define OWNERS ((owns[0] && leaseValid[0]) + (owns[1] && leaseValid[1]) + (N > 2 && owns[2] && leaseValid[2]))
active proctype NeverTwoOwners() {
end: atomic { OWNERS > 1 -> assert(OWNERS <= 1) }
}

init {
  byte i;
  atomic {
    rec.state = MISSING; rec.owner = NONE; rec.gen = 0; rec.ver = 0;
    for (i : 0 .. N - 1) { leaseValid[i] = true };
    for (i : 0 .. N - 1) { run Creator(i) }
  }
}
