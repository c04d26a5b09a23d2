BEGIN TRANSACTION;
CREATE TABLE ludi_actions (
	match_id VARCHAR(32) NOT NULL, 
	n INTEGER NOT NULL, 
	seat INTEGER NOT NULL, 
	text VARCHAR(256) NOT NULL, 
	at FLOAT NOT NULL, 
	PRIMARY KEY (match_id, n)
);
INSERT INTO "ludi_actions" VALUES('015afff181b4',0,0,'laurel4/0@b01>HU',1.79570769065345406528e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',1,1,'laurel2/2@b18',1.79570769066351032259e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',2,0,'ship5/1@b02>HU',1.79570769067209649091e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',3,0,'use:wealth',1.79570769067754387859e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',4,1,'laurel3/1@b15>IT',1.79570769068068289758e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',5,0,'ship4/2@b04>MT',1.7957076906856372356e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',6,1,'shield3/3@b30',1.7957076906890623569e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',7,0,'sword3/3@b03',1.79570769069419550892e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',8,0,'might:b15',1.79570769069919180865e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',9,1,'sword6/0@b29>SY',1.79570769070533704757e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',10,1,'use:senate',1.79570769071266961094e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',11,0,'ship6/0@b07>SD',1.79570769072037959099e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',12,1,'sword5/1@b05>MT',1.79570769072820615773e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',13,1,'use:wealth',1.79570769074002051356e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',14,0,'shield5/1@b06>SD',1.79570769074764466288e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',15,1,'shield5/1@b16>MD',1795707690.75728);
INSERT INTO "ludi_actions" VALUES('015afff181b4',16,0,'laurel3/1@b08>SD',1.79570769076789498331e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',17,0,'might:b05',1.79570769077555608748e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',18,1,'ship3/3@b19',1.79570769077940964701e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',19,0,'sword4/2@b09>GA',1.79570769078853511809e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',20,0,'use:senate',1.79570769079873013493e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',21,1,'laurel4/0@b26>CR',1.79570769080453085898e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',22,0,'shield3/3@b20',1.79570769081666255003e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',23,1,'ship6/0@b17>DM',1.79570769082449698452e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',24,0,'sword5/1@b11>NU',1.79570769083405494689e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',25,1,'sword3/3@b23',1.7957076908371472359e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',26,1,'discard:tactics',1.795707690842376709e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',27,0,'laurel2/2@b10',1.79570769084834718702e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',28,0,'use:senate',1.79570769085583901406e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',29,1,'shield4/2@b24>CY',1.79570769086225271232e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',30,0,'sword6/0@b12>SC',1.79570769086992430688e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',31,1,'laurel2/2@b27',1.79570769087484860418e+09);
INSERT INTO "ludi_actions" VALUES('015afff181b4',32,0,'laurel2/2@b13',1.79570769087868142128e+09);
CREATE TABLE ludi_matches (
	id VARCHAR(32) NOT NULL, 
	game VARCHAR(64) NOT NULL, 
	rules_version VARCHAR(64) NOT NULL, 
	players INTEGER NOT NULL, 
	seed BIGINT NOT NULL, 
	options TEXT NOT NULL, 
	data TEXT NOT NULL, 
	status VARCHAR(16) NOT NULL, 
	result TEXT, 
	rematch_of VARCHAR(32), 
	rematch VARCHAR(32), 
	actions INTEGER NOT NULL, 
	created FLOAT NOT NULL, 
	updated FLOAT NOT NULL, 
	PRIMARY KEY (id)
);
INSERT INTO "ludi_matches" VALUES('015afff181b4','caesar','ru-2022.1',2,11,'{"poison": false, "centurions": false, "border_control": false, "solo": "off", "crassus_plays": "pompey", "solo_harder": false}','{"source": "shipped default (caesar.yaml)", "sha256": "d63ae027e225eef7cc5abeb146fe1969728a36bc4de3b3dc6b8371565a526fa5"}','finished','{"points": [12.0, 3.0], "ranking": [1, 2], "winners": [0], "reason": "Caesar placed the last control token"}',NULL,NULL,33,1.79570769060111641883e+09,1.79570769087868142128e+09);
INSERT INTO "ludi_matches" VALUES('7ec3f82621f7','sylla','pl-rebel.1',3,12,'{"unused_sets": true, "temple_votes": "at_least"}','{"source": "shipped default (sylla.yaml)", "sha256": "8ead2da1db1b7bc3500e212ab96664b78a01bdcedff21c045fd8019f4b2aef24"}','open',NULL,NULL,NULL,0,1.79570769101004672043e+09,1.79570769101004672043e+09);
CREATE TABLE ludi_seats (
	match_id VARCHAR(32) NOT NULL, 
	seat INTEGER NOT NULL, 
	name VARCHAR(64) NOT NULL, 
	token_hash VARCHAR(64) NOT NULL, 
	bot VARCHAR(128), 
	joined INTEGER NOT NULL, 
	PRIMARY KEY (match_id, seat)
);
INSERT INTO "ludi_seats" VALUES('015afff181b4',0,'Ann','77f9a1e65b561e92217194c34282fa1cc64d855970dbed3f1457b2228d63d6f8',NULL,1);
INSERT INTO "ludi_seats" VALUES('015afff181b4',1,'Pompey','fae804e56147ee18902b13fbfd1d5fdda2b50261ae54a8bf9c5a580a9bd4aa91','random',0);
INSERT INTO "ludi_seats" VALUES('7ec3f82621f7',0,'Ann','a9c37672cc3f8c08e2432f6e5547dce1e65269559d00f57928bb27cebacab996',NULL,0);
INSERT INTO "ludi_seats" VALUES('7ec3f82621f7',1,'Bob','aa58211e526cfad6fcfb8e88b0b6224c974a9f5a5470e2ccd61788a7897cad53',NULL,0);
INSERT INTO "ludi_seats" VALUES('7ec3f82621f7',2,'Cy','bd5d0e48d3a456873c5c153566f9f04d61a262a0ef027d49279597fc643572cc',NULL,0);
CREATE TABLE ludi_snapshots (
	match_id VARCHAR(32) NOT NULL, 
	n INTEGER NOT NULL, 
	position TEXT NOT NULL, 
	PRIMARY KEY (match_id, n)
);
CREATE TABLE ludi_table_log (
	id INTEGER NOT NULL, 
	match_id VARCHAR(32) NOT NULL, 
	kind VARCHAR(16) NOT NULL, 
	seat INTEGER, 
	body TEXT NOT NULL, 
	at FLOAT NOT NULL, 
	PRIMARY KEY (id)
);
CREATE INDEX ix_ludi_seats_token_hash ON ludi_seats (token_hash);
CREATE INDEX ix_ludi_table_log_match_id ON ludi_table_log (match_id);
COMMIT;
