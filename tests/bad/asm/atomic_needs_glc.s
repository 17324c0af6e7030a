flat_atomic_add v0, v[1:2], v3
