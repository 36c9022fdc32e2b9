"""Records of finished matches: served, replayed and verified."""
