frobnicate v0
