/*
 * Planned host relocation (spec lines 93-105, 117; V13, V14, V16, R-REL-1..7, R-STO-1).
 *
 * The source S owns the object. It has asked the target T to prepare (an instance and a temporary
 * queue) and recorded the relocation in the Relocation Store (stage preparing). T answers
 * relay-ready, or fails explicitly; either reply may be lost. S accepts relay-ready by closing its
 * admission and recording stage relay-ready-accepted: the irreversible boundary. Then S submits
 * the cutover, which may be lost. T commits the owner change (a compare-and-set of the authority
 * record: owner T, the same ObjectGeneration) on the cutover receipt, or on the 1,000 ms fallback
 * if the Relocation Store shows the boundary was passed; the commit's reply may be lost and is
 * then re-read. T opens dispatch once the commit is known. Before the boundary S may give up
 * (an explicit failure or its wait running out) and cancel: it keeps its owner, membership and
 * queue. Either process may crash before any of its steps; a crashed process's owner lease ends
 * some time later.
 *
 * Properties (assertions; pan reports a violation with a trail):
 *  - never two owners: S admitting and T dispatching, both with valid leases, never at once; and a
 *    process that admits or dispatches is the one the authority record names;
 *  - no rollback after relay-ready: once the stage relay-ready-accepted is recorded, S never admits
 *    again and the stage never becomes cancelled; after the commit the owner never changes again
 *    (no other runtime takes over);
 *  - the owner change keeps the generation.
 *
 * Switches that break one rule each (the models' mutants, see check.sh):
 *  -DROLLBACK_AFTER_RELAY_READY      S restores itself when the cutover submit fails
 *  -DCOMMIT_BUMPS_GENERATION         the owner-change commit writes a new generation
 *  -DNO_REREAD_ON_LOST_REPLY         a commit whose reply was lost is taken as applied, not re-read
 *  -DFALLBACK_WITHOUT_BOUNDARY       T's fallback commits without the boundary in the Relocation Store
 *  -DCLOSE_ADMISSION_AFTER_BOUNDARY  S closes admission only once it learns the boundary was recorded
 *  -DTAKEOVER_AFTER_TARGET_DIES      S takes the object back when T dies after the boundary
 */

#ifndef MAXCRASH
#define MAXCRASH 1       /* crashes per run */
#endif
#ifndef MAXLOST
#define MAXLOST 2        /* Store calls without an answer per run */
#endif
#define TRIES 2          /* compare-and-set attempts of one change after a re-read */
#define S 0
#define T 1

mtype = { PREPARING, RELAY_READY, COMMITTED, CANCELLED };
mtype = { APPLIED, CONFLICT, UNCLEAR };

/* The authority record (Location Store) and the relocation record (Relocation Store). */
byte owner = S; byte gen = 1; byte ver = 1;
mtype stage = PREPARING; byte stageVer = 1;

bool crashed[2]; bool leaseValid[2]; byte crashes; byte lost;
bool srcAdmits = true;    /* S's admission is open: it runs the object's messages */
bool tgtDispatch;         /* T's dispatch is open */
bool relayReady;          /* T's relay-ready reply reached S */
bool relayFailed;         /* T's explicit failure reached S */
bool cutover;             /* S's cutover reached T */
bool boundary;            /* ghost: relay-ready-accepted was recorded */
bool committed;           /* ghost: the owner change was applied */

/* A change of the authority record, as the Store applies it. */
inline writeOwner(o, g) {
  assert(g == gen);                  /* the owner change keeps the generation (R-REL-7) */
  assert(!committed || o == owner);  /* after the commit no one takes the object over (R-REL-5) */
  if :: o == T && owner == S -> committed = true :: else fi;
  owner = o; gen = g; ver++
}

inline writeStage(s) {
  assert(!boundary || s == COMMITTED || s == RELAY_READY); /* nothing undoes the boundary (V13) */
  if :: s == RELAY_READY -> boundary = true :: else fi;
  stage = s; stageVer++
}

/* A Store change's answer may not come: the reply was lost after the change applied (or after
 * it conflicted), or the request was lost and nothing applied. The caller sees UNCLEAR. */
inline maybeLose(res) {
  if
  :: lost < MAXLOST -> lost++; res = UNCLEAR
  :: true
  fi
}
#define LOST_REQUEST (lost < MAXLOST) -> lost++; res = UNCLEAR

proctype Source() {
  mtype res; byte v;
  {
    if
    :: relayReady ->                                   /* accept relay-ready */
#ifndef CLOSE_ADMISSION_AFTER_BOUNDARY
       srcAdmits = false;                              /* closed first: the boundary may be written */
#endif
       v = stageVer;
       atomic { if :: LOST_REQUEST :: stageVer == v -> writeStage(RELAY_READY); res = APPLIED; maybeLose(res) :: else -> res = CONFLICT; maybeLose(res) fi };
       if
       /* re-read: a later stage also shows it applied (T may have committed in between) */
       :: res == UNCLEAR -> atomic { if :: stage == RELAY_READY || stage == COMMITTED -> res = APPLIED :: else -> res = CONFLICT fi }
       :: else
       fi;
       if
       :: res == APPLIED ->
#ifdef CLOSE_ADMISSION_AFTER_BOUNDARY
          srcAdmits = false;
#endif
          if
          :: cutover = true                            /* the cutover submit reached T */
          :: true ->                                   /* it failed or was lost: no restore */
#ifdef ROLLBACK_AFTER_RELAY_READY
             srcAdmits = true
#else
             skip
#endif
          fi;
#ifdef TAKEOVER_AFTER_TARGET_DIES
          atomic { crashed[T] && !leaseValid[T] -> owner = S; ver++; srcAdmits = true }
#else
          skip
#endif
       :: else -> srcAdmits = true                     /* not recorded: the source is kept */
       fi
    :: relayFailed || true ->                          /* explicit failure, or the wait ran out */
       atomic { if :: stage == PREPARING -> writeStage(CANCELLED) :: else fi }
    fi
  } unless { crashed[S] }
}

proctype Target() {
  mtype res; byte v; byte g; byte tries;
  {
    if
    :: relayFailed = true; goto done                   /* explicit failure: discard instance and queue */
    :: relayReady = true
    :: skip                                            /* relay-ready sent, reply lost */
    fi;
    do
    :: cutover -> break                                /* cutover receipt */
    :: atomic {                                        /* the 1,000 ms fallback reads the Relocation Store */
         if
         :: stage == RELAY_READY || stage == COMMITTED -> break
         :: stage == CANCELLED -> goto done
#ifdef FALLBACK_WITHOUT_BOUNDARY
         :: stage == PREPARING -> break
#else
         :: stage == PREPARING -> skip                 /* not yet: wait on */
#endif
         fi }
    od;
    tries = 0;
commit:
    atomic { v = ver; g = gen };
#ifdef COMMIT_BUMPS_GENERATION
    g = g + 1;
#endif
    atomic { if :: LOST_REQUEST :: ver == v -> writeOwner(T, g); res = APPLIED; maybeLose(res) :: else -> res = CONFLICT; maybeLose(res) fi };
    if
    :: res == UNCLEAR ->
#ifdef NO_REREAD_ON_LOST_REPLY
       res = APPLIED                                   /* a guess */
#else
       atomic { if :: ver == v + 1 && owner == T -> res = APPLIED :: else -> res = CONFLICT fi }  /* re-read */
#endif
    :: else
    fi;
    if
    :: res == APPLIED ->
       tgtDispatch = true;                             /* dispatch opens once the commit is known */
       atomic { if :: stage != COMMITTED -> writeStage(COMMITTED) :: else fi }
    :: res == CONFLICT && tries + 1 < TRIES && ver == v -> tries++; goto commit  /* it did not apply: the same change again */
    :: else
    fi;
done: skip
  } unless { crashed[T] }
}

active proctype Environment() {
  byte p;
end:
  do
  :: crashes < MAXCRASH -> atomic { select(p : 0 .. 1); if :: !crashed[p] -> crashed[p] = true; crashes++ :: else fi }
  :: atomic { select(p : 0 .. 1); if :: crashed[p] && leaseValid[p] -> leaseValid[p] = false :: else fi }
  od
}

#define SRC_OWNS (srcAdmits && !crashed[S])
#define TGT_OWNS (tgtDispatch && !crashed[T])

active proctype NeverTwoOwners() {
end: atomic { ((SRC_OWNS && leaseValid[S]) && (TGT_OWNS && leaseValid[T])) -> assert(!(SRC_OWNS && TGT_OWNS)) }
}
active proctype AdmitsOnlyAsRecordedOwner() {
end: atomic { ((SRC_OWNS && owner != S) || (TGT_OWNS && owner != T)) -> assert(!(SRC_OWNS && owner != S) && !(TGT_OWNS && owner != T)) }
}
active proctype NoRollbackAfterRelayReady() {
end: atomic { (boundary && SRC_OWNS) -> assert(!(boundary && SRC_OWNS)) }
}

init {
  atomic { leaseValid[S] = true; leaseValid[T] = true; run Source(); run Target() }
}
