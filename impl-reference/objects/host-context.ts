// What the owner side of Actors and Spots is made of on one node (object-host.ts) and what its
// parts use of it: creation (creation.ts), cold activation (activation.ts), Close and membership
// (closing.ts).

import type { Clock, TimerId } from '../../src/driver/clock.ts';
import type { Ids } from '../../src/driver/ids.ts';
import type { ObjectKind, Rid } from '../../src/driver/types.ts';
import type { Application } from '../kernel/application.ts';
import type { ChangeResult, StoreRetry } from '../location/authority.ts';
import type { AuthorityRules } from '../location/authority-rules.ts';
import type { HostRules, HostSide } from './host-rules.ts';
import type { LeaseKeeper } from '../location/lease.ts';
import type { LocationRecord } from '../location/records.ts';
import type { NodeStore } from '../store/node-store.ts';
import type { Versioned } from '../store/types.ts';
import type { WorkResult } from '../kernel/work.ts';
import type { Letter, Mailbox } from './mailbox.ts';
import type { RelocationContext, RelocationFailpoint } from '../relocation/relocation.ts';

export interface HostContext {
  rid: Rid;
  clock: Clock;
  ids: Ids;
  /** This process's incarnation; a restarted process has another. */
  lifecycle: string;
  store: NodeStore;
  lease: LeaseKeeper;
  app: Application;
  /** The Location Store authority's rules, which every change of a record follows. */
  authorityRules: AuthorityRules;
  /** The owner side's rules (host-rules.ts); the reference's when not given. */
  hostRules?: HostRules;
  alive(): boolean;
  /** Take an armed failpoint of this node (activation.*, relocation.*), if any. */
  takeFailpoint(name: ActivationFailpoint | RelocationFailpoint): boolean;
  storeRetry: StoreRetry;
  timings: RelocationContext['timings'];
  messageFollowMs(): number;
  crash(): void;
  sendWork: RelocationContext['sendWork'];
  broadcastLocationUpdate: RelocationContext['broadcastLocationUpdate'];
}

export type ActivationFailpoint = 'activation.fail-before-ready' | 'activation.fail-before-restore';

export interface Instance {
  objectId: string;
  kind: ObjectKind;
  generation: number;
  mailbox: Mailbox;
  ticker?: TimerId;
}

/** What creation, activation and Close use of the host: the record, the hosted instances, delivery. */
export interface HostedObjects {
  readonly ctx: HostContext;
  readonly rules: HostRules;
  /** What the rules may use of the host. */
  readonly side: HostSide;
  read(objectId: string): Promise<Versioned<LocationRecord>>;
  change(objectId: string, version: number, next: LocationRecord): Promise<ChangeResult>;
  /** Whether `node` holds a valid owner lease. */
  leaseValid(node: Rid | undefined): Promise<boolean>;
  /** Host an instance of `rec` (replacing any other of the object), its mailbox open or closed. */
  host(rec: LocationRecord, open: boolean): Instance;
  dispose(objectId: string): void;
  message(objectId: string, letter: Letter, generation: number | undefined, instanceIntent: boolean): Promise<WorkResult | undefined>;
}

/**
 * A part of the host (creation, activation, Close): it speaks of the record, the context and the
 * hosted instances in the host's own words (this.ctx, this.read, this.change, ...).
 */
export abstract class HostPart {
  constructor(protected readonly objects: HostedObjects) {}

  protected get ctx(): HostContext {
    return this.objects.ctx;
  }

  protected get rules(): HostRules {
    return this.objects.rules;
  }

  protected get side(): HostSide {
    return this.objects.side;
  }

  protected read(objectId: string): Promise<Versioned<LocationRecord>> {
    return this.objects.read(objectId);
  }

  protected change(objectId: string, version: number, next: LocationRecord): Promise<ChangeResult> {
    return this.objects.change(objectId, version, next);
  }

  protected leaseValid(node: Rid | undefined): Promise<boolean> {
    return this.objects.leaseValid(node);
  }

  protected host(rec: LocationRecord, open: boolean): Instance {
    return this.objects.host(rec, open);
  }

  protected dispose(objectId: string): void {
    this.objects.dispose(objectId);
  }

  protected message(objectId: string, letter: Letter, generation: number | undefined, instanceIntent: boolean): Promise<WorkResult | undefined> {
    return this.objects.message(objectId, letter, generation, instanceIntent);
  }
}
