// The owner side's rules for Actors and Spots (spec 4, 6, 7): what a Close and a membership change
// act on, who runs the factory of a creation and of a cold activation, what a hosted object's
// messages and timers do, and what a node that hosts nothing of an object answers. The ObjectHost
// and its parts (creation.ts, activation.ts, closing.ts) ask them by name where each applies;
// REFERENCE_HOST is the Framework's behaviour, and a kit mutant of this side is another
// implementation of one of them (HOST_MUTANTS in impl-reference/mutants/object-host.ts).

export interface HostRules {
  /** V08.1: Close/Destroy names the generation it ends; a mismatch changes nothing. */
  mismatchStopsClose(recorded: number, named: number): boolean;
  /** V08.2: so does a membership change. */
  mismatchStopsMembership(recorded: number, named: number): boolean;
  /** R-INST-5.1: Close is finished only with the authority release: the record reads Missing, keeping its generation. */
  closeReleasesAuthority(): boolean;
}

export const REFERENCE_HOST: HostRules = {
  mismatchStopsClose: (recorded, named) => recorded !== named,
  mismatchStopsMembership: (recorded, named) => recorded !== named,
  closeReleasesAuthority: () => true,
};
