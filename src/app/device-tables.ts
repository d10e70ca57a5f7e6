// Where the features' tables are, said before anything can read or write the
// app database (src/shared/db/device-tables.ts): the app's start imports this
// module first (./start.tsx), as does the unit tests' setup. The
// declarations themselves load with the database (./device-table-list.ts).
import { provideDeviceTables } from '#shared/db/device-tables'

provideDeviceTables(async () => (await import('./device-table-list')).FEATURE_TABLES)
