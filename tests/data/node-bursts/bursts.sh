#!/bin/sh
# the machine's load in bursts: 3 busy loops for 6 s, then 6 s quiet, until killed
while :; do
	for i in 1 2 3; do timeout 6 sh -c 'while :; do :; done' & done
	wait
	sleep 6
done
