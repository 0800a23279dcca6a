"""A small runtime of the channel-and-connection group, for the spotcheck conformance kit.

Modules, in the order a frame travels through them:
  clock      one clock for every timestamp the kit sees
  transport  in-process connections between nodes (frames are serialized; faults act here)
  app        the kit's test application, its gates and its journal
  operation  one operation and its one terminal result
  link       a node's connection to one logical peer: handshake, liveness, reconnect
  node       a MeshNode: listener, inbound queue with explicit acceptance, faults
  calling    select-one over a Channel, and node direct
  cluster    the Driver contract over all of the above
  wire       JSON-RPC 2.0 over stdio
"""
