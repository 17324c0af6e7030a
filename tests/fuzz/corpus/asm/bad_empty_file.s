; nothing here
