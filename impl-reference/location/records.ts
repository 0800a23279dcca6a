// What the Location Store holds. Keys: `obj/<objectId>` for object authority records and
// `node/<rid>` for node descriptors (the discovery list). A record is never deleted: an object whose
// authority was released reads as Missing but keeps its last generation, so the next incarnation
// gets a higher one.

import type { ObjectKind, RecordState, Rid } from '../../src/driver/types.ts';

export interface CreationRecord {
  /** The factory input; a re-run of the factory gets exactly this. */
  input: unknown;
  /** Instance Spot cold activation: the message that caused it, stored before anything runs. */
  firstMessage?: { opId: string; payload: unknown };
}

/** Where an unfinished first cold activation resumes: only there, never elsewhere (V11). */
export interface RecoveryPointer {
  root: string;
  replayCursor: number;
  targetNode: Rid;
  /** The target process's lifecycle (incarnation) that started the activation. */
  lifecycle: string;
}

export interface LocationRecord {
  objectId: string;
  state: RecordState;
  kind?: ObjectKind;
  owner?: Rid;
  /** ObjectGeneration of the current incarnation, or of the last one when Missing. */
  generation: number;
  creation?: CreationRecord;
  recovery?: RecoveryPointer;
  /** Instance Spot: the stored first message has been put back at the head of the queue. */
  firstMessageRestored?: boolean;
  /** User Spot membership. */
  members?: Rid[];
  /** Identifies the write that produced this value, so an unclear write can be recognised. */
  writeId: string;
}

export interface NodeDescriptor {
  rid: Rid;
  mesh: string;
  address: string;
}

export const objectKey = (objectId: string) => `obj/${objectId}`;
export const nodeKey = (rid: Rid) => `node/${rid}`;
export const NODE_PREFIX = 'node/';
