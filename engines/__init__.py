"""Pure rules engines: no discord, database, Pillow, clock or global random in here."""
