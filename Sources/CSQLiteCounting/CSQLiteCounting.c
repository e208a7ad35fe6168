// A benchmark's view of what SQLite does to the disk: the default VFS, unchanged, with two counters.
// Files keep the default VFS's own structure; only their method table is swapped for a copy whose
// xSync (every file) and xWrite (write-ahead logs) count before calling the original.
#include "CSQLiteCounting.h"

#include <sqlite3.h>
#include <string.h>

static sqlite3_vfs *base;
static sqlite3_vfs counting;
static long long syncs;
static long long commits;

// The default VFS gives the database file and its journal or log different method tables (they
// lock differently), so each table seen gets a slot of its own: a copy of it for ordinary files and
// one for write-ahead logs, whose functions call that table's own.
enum { slots = 4 };
static const sqlite3_io_methods *originals[slots];
static sqlite3_io_methods plain[slots];
static sqlite3_io_methods logs[slots];

static int countSync(int slot, sqlite3_file *file, int flags) {
    __atomic_fetch_add(&syncs, 1, __ATOMIC_RELAXED);
    return originals[slot]->xSync(file, flags);
}

// A WAL frame header is 24 bytes, written on its own ahead of its page; bytes 4-7 hold the database
// size after the commit for a transaction's last frame, zero for the others (sqlite.org/fileformat2.html).
static int countLogWrite(int slot, sqlite3_file *file, const void *data, int amount, sqlite3_int64 offset) {
    if (amount == 24 && offset >= 32) {
        const unsigned char *header = data;
        if (header[4] | header[5] | header[6] | header[7]) __atomic_fetch_add(&commits, 1, __ATOMIC_RELAXED);
    }
    return originals[slot]->xWrite(file, data, amount, offset);
}

#define SLOT(n)                                                                                          \
    static int sync##n(sqlite3_file *f, int flags) { return countSync(n, f, flags); }                         \
    static int logWrite##n(sqlite3_file *f, const void *d, int a, sqlite3_int64 o) {                     \
        return countLogWrite(n, f, d, a, o);                                                                  \
    }
SLOT(0)
SLOT(1)
SLOT(2)
SLOT(3)
static int (*const syncFunctions[slots])(sqlite3_file *, int) = {sync0, sync1, sync2, sync3};
static int (*const logWriteFunctions[slots])(sqlite3_file *, const void *, int, sqlite3_int64) = {
    logWrite0, logWrite1, logWrite2, logWrite3};

static int countingOpen(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *outFlags) {
    (void)vfs;
    int rc = base->xOpen(base, name, file, flags, outFlags);
    if (rc != SQLITE_OK || file->pMethods == NULL) return rc;
    // Opens are serialized per connection, not across them: tables are claimed under a lock.
    static int lock;
    while (__atomic_exchange_n(&lock, 1, __ATOMIC_ACQUIRE)) {}
    int slot = 0;
    while (slot < slots && originals[slot] != NULL && originals[slot] != file->pMethods) slot++;
    if (slot < slots && originals[slot] == NULL) {
        plain[slot] = *file->pMethods;
        plain[slot].xSync = syncFunctions[slot];
        logs[slot] = plain[slot];
        logs[slot].xWrite = logWriteFunctions[slot];
        __atomic_store_n(&originals[slot], file->pMethods, __ATOMIC_RELEASE);
    }
    __atomic_store_n(&lock, 0, __ATOMIC_RELEASE);
    // A file of a fifth kind of table is left uncounted.
    if (slot < slots) file->pMethods = (flags & SQLITE_OPEN_WAL) ? &logs[slot] : &plain[slot];
    return rc;
}

int petri_sqlite_counting_install(void) {
    if (base != NULL) return SQLITE_OK;
    int rc = sqlite3_initialize();
    if (rc != SQLITE_OK) return rc;
    sqlite3_vfs *found = sqlite3_vfs_find(NULL);
    if (found == NULL) return SQLITE_ERROR;
    counting = *found;
    counting.zName = "petri-counting";
    counting.pNext = NULL;
    counting.xOpen = countingOpen;
    base = found;
    return sqlite3_vfs_register(&counting, 1);
}

long long petri_sqlite_syncs(void) { return __atomic_load_n(&syncs, __ATOMIC_RELAXED); }

long long petri_sqlite_commits(void) { return __atomic_load_n(&commits, __ATOMIC_RELAXED); }
