/* remikcalc score pad: live (filled in by the pad work). */
"use strict";
