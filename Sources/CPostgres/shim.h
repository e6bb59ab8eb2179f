#ifndef PROGRESS_RINGS_CPOSTGRES_SHIM_H
#define PROGRESS_RINGS_CPOSTGRES_SHIM_H

// libpq, PostgreSQL's client library (Debian's libpq-dev; libpq5 at run time): where stored values are kept when
// several replicas share them.

#include <libpq-fe.h>

#endif
