flat_atomic_add v[1:2], v3 glc
