/**
 * Fixed uuids of the built-in seed, so tests, docs and examples can name them.
 * Generated rows (cameras, incidents, notifications, media) get stable uuids derived
 * from these (see `stableUuid` in seed-data/util.ts).
 */

const id = (prefix: string, n: number): string => `${prefix}-0000-4000-8000-${String(n).padStart(12, '0')}`;

export const DEMO_LIVE_VIEW_UUID = '00000000-0000-4000-8000-000000000001';

export const USERS = {
  manager: id('40000000', 1),
  viewer: id('40000000', 2),
  newcomer: id('40000000', 3),
  sofie: id('40000000', 4),
  lucas: id('40000000', 5),
  dana: id('40000000', 6),
  tom: id('40000000', 7),
  mfa: id('40000000', 8),
} as const;

export const PROJECTS = {
  /** Northwind Logistics (Belgium): manager has every permission incl. 'manage users'. */
  northwind: id('10000000', 1),
  /** Atlas Data Centres (Liège + Newark): manager has only 'view' and 'evacuate'. */
  atlas: id('10000000', 2),
  /** Hudson Retail Group (New York area): manager is not a member. */
  hudson: id('10000000', 3),
} as const;

export const SITES = {
  antwerpWarehouse: id('20000000', 1),
  brusselsOffice: id('20000000', 2),
  ghentDistribution: id('20000000', 3),
  liegeDataCentre: id('20000000', 4),
  newarkDataHall: id('20000000', 5),
  brooklynStore: id('20000000', 6),
  jerseyCityOffice: id('20000000', 7),
  queensDepot: id('20000000', 8),
} as const;

export const SYSTEMS = {
  antwerpDocks: id('30000000', 1),
  antwerpYard: id('30000000', 2),
  antwerpGatehouse: id('30000000', 3),
  antwerpAlarm: id('30000000', 4),
  brusselsReception: id('30000000', 5),
  brusselsCarPark: id('30000000', 6),
  brusselsRoof: id('30000000', 7),
  ghentBays: id('30000000', 8),
  ghentFence: id('30000000', 9),
  ghentAlarm: id('30000000', 10),
  liegeHallA: id('30000000', 11),
  liegeHallB: id('30000000', 12),
  liegeAirlock: id('30000000', 13),
  newarkCages: id('30000000', 14),
  newarkDock: id('30000000', 15),
  brooklynFloor: id('30000000', 16),
  brooklynStockroom: id('30000000', 17),
  brooklynAlarm: id('30000000', 18),
  jerseyLobby: id('30000000', 19),
  jerseyGarage: id('30000000', 20),
  queensTruckCourt: id('30000000', 21),
  queensFence: id('30000000', 22),
  queensColdStorage: id('30000000', 23),
} as const;

/** The systems whose type is not "UFO" (hidden by `filter[systemtype]=UFO`). */
export const NON_UFO_SYSTEMS: readonly string[] = [SYSTEMS.antwerpAlarm, SYSTEMS.ghentAlarm, SYSTEMS.brooklynAlarm];

export const PAGES = {
  contact: id('50000000', 1),
  serviceLevels: id('50000000', 2),
} as const;

export const DEMO_CAMERAS = {
  harbourGate: id('60000000', 1),
  containerYard: id('60000000', 2),
  visitorParking: id('60000000', 3),
} as const;

/** The password of every seeded account. */
export const SEED_PASSWORD = 'vigil-demo';
