#ifndef PROGRESS_RINGS_CLIBXML2_SHIM_H
#define PROGRESS_RINGS_CLIBXML2_SHIM_H
#include <libxml/xmlversion.h>
// Debian builds libxml2 with ICU, and its encoding header then includes ICU's, whose types clash with the ICU that
// Foundation carries in any module that sees both (a test module importing RingKit with @testable, say). Nothing
// here touches the encoding handlers those fields belong to, so the headers are read as if without ICU.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/xmlreader.h>
#endif
