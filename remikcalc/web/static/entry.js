/* remikcalc score pad: entry (filled in by the pad work). */
"use strict";
