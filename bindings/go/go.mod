module kalends

go 1.19
