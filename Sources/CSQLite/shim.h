#ifndef PROGRESS_RINGS_CSQLITE_SHIM_H
#define PROGRESS_RINGS_CSQLITE_SHIM_H

// SQLite for Swift (Debian's libsqlite3-dev). SQLITE_TRANSIENT is a macro casting -1 to a function pointer, which
// Swift cannot import: text is bound through this wrapper, which tells SQLite to copy it.

#include <sqlite3.h>

static inline int pr_sqlite_bind_text(sqlite3_stmt *statement, int index, const char *text, int length) {
    return sqlite3_bind_text(statement, index, text, length, SQLITE_TRANSIENT);
}

#endif
