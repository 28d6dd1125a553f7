sat
((V0 1) (V1 0))
