#ifndef PETRI_SQLITE_COUNTING_H
#define PETRI_SQLITE_COUNTING_H

/// Makes a counting copy of SQLite's default VFS the default (once; later calls do nothing): every
/// database opened afterwards counts its syncs and its write-ahead log's commit frames.
/// Returns 0, or SQLite's error code when the VFS could not be registered.
int petri_sqlite_counting_install(void);

/// Sync calls (xSync: an fsync or fdatasync of a database, journal or log file) since installation.
long long petri_sqlite_syncs(void);

/// Commit frames written to write-ahead logs since installation: one per committed write transaction.
long long petri_sqlite_commits(void);

#endif
