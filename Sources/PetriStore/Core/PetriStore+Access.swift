import GRDB

extension PetriStore {
    /// Runs `body` in one write transaction: committed if it returns, rolled back if it throws.
    ///
    /// - Throws: What `body` threw, or the database's error, as a ``StoreError``.
    func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try ensureOpen()
        do {
            return try writer.write(body)
        } catch {
            throw StoreError.wrapping(error, location: location)
        }
    }

    /// Runs `body` in one read transaction on a snapshot of the database.
    ///
    /// - Throws: What `body` threw, or the database's error, as a ``StoreError``.
    func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        try ensureOpen()
        do {
            return try writer.read(body)
        } catch {
            throw StoreError.wrapping(error, location: location)
        }
    }

    /// Runs `body`, turning what it throws into a ``StoreError``.
    func access<T>(_ body: () throws -> T) throws(StoreError) -> T {
        do {
            return try body()
        } catch {
            throw StoreError.wrapping(error, location: location)
        }
    }
}
