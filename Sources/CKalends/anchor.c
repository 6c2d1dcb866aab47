/* SwiftPM needs one source file per C target; the module's content is include/kalends.h. */
#include "kalends.h"
