#ifndef PROGRESS_RINGS_CLIBXML2_SHIM_H
#define PROGRESS_RINGS_CLIBXML2_SHIM_H
#include <libxml/parser.h>
#include <libxml/tree.h>
#endif
