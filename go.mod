module revokes

go 1.26
