module example.invalid/bankscope/examples/go

go 1.19
