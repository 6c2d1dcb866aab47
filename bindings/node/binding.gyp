{
  "targets": [
    {
      "target_name": "kalends_node",
      "sources": ["src/addon.c"],
      "include_dirs": ["../../include"],
      "cflags": ["-std=c99", "-Wall", "-Wextra", "-Werror"],
      "libraries": ["-lkalends"],
      "ldflags": ["<!@(node -p \"process.env.KALENDS_LIB_DIR ? '-L' + process.env.KALENDS_LIB_DIR : ''\")"]
    }
  ]
}
