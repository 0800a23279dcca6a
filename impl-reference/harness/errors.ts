// What every harness of the reference reports the same way, whatever runs its nodes.

export const VERSION = '0.1.0';

/** The kit asked for something this cluster does not have or cannot do (a wrong RID, a bad fault). */
export class DriverInputError extends Error {}
