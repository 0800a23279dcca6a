// How something written to an in-memory connection crosses to the other end. The in-memory
// transport and the in-memory Session connections hand every frame to a Wire with the lane it
// travels on (one direction of one connection); the Wire delivers it later, and in order within
// its lane (what a connection guarantees). On the embedded backend that is the next turn of the
// event loop; in a simulated world (src/sim/) it is a seeded delay on the virtual clock.

export interface Wire {
  /** Run `deliver` once it has crossed: later than now, after everything carried on `lane` before it. */
  carry(lane: object, deliver: () => void): void;
}

/** The embedded backend's wire: the next turn of the event loop (setImmediate keeps the order). */
export const nextTurn: Wire = {
  carry: (_lane, deliver) => void setImmediate(deliver),
};
