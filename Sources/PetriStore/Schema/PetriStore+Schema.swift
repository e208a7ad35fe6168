import GRDB

extension PetriStore {
    /// Every migration, in order. Append new ones; never change or remove a registered one.
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration(SchemaV1.identifier, migrate: SchemaV1.migrate)
        migrator.registerMigration(SchemaV2.identifier, migrate: SchemaV2.migrate)
        migrator.registerMigration(SchemaV3.identifier, migrate: SchemaV3.migrate)
        migrator.registerMigration(SchemaV4.identifier, migrate: SchemaV4.migrate)
        migrator.registerMigration(SchemaV5.identifier, migrate: SchemaV5.migrate)
        migrator.registerMigration(SchemaV6.identifier, migrate: SchemaV6.migrate)
        migrator.registerMigration(SchemaV7.identifier, migrate: SchemaV7.migrate)
        migrator.registerMigration(SchemaV8.identifier, migrate: SchemaV8.migrate)
        migrator.registerMigration(SchemaV9.identifier, migrate: SchemaV9.migrate)
        migrator.registerMigration(SchemaV10.identifier, migrate: SchemaV10.migrate)
        return migrator
    }

    /// Brings the schema up to date, refusing a database from a newer build (a downgrade).
    ///
    /// - Throws: ``StoreError/Code/schemaTooNew``, or the database's own error.
    func migrate() throws(StoreError) {
        let migrator = Self.migrator
        let superseded = try read { db in try migrator.hasBeenSuperseded(db) }
        guard !superseded else {
            throw StoreError(
                .schemaTooNew,
                "The database \(location) was written by a newer Petri; run that version, or restore a backup made "
                    + "before the upgrade.")
        }
        try access { try migrator.migrate(writer) }
    }
}
