#ifndef PROGRESS_RINGS_CPANGO_SHIM_H
#define PROGRESS_RINGS_CPANGO_SHIM_H
#include <pango/pangocairo.h>
// pango_fc_font_map_cache_clear: Pango's Cairo font map is a fontconfig one on Linux (libpangoft2, which pkg-config's
// pangocairo links).
#include <pango/pangofc-fontmap.h>
#endif
