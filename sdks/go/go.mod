module example.com/caliber/portalsdk

go 1.21
