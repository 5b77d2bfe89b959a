/** Generated from GET /openapi.json by `npm run api:types` (test/api-client/generate.ts); do not edit. */

export interface paths {
    "/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A page of the caller's files, newest first (10 a page). */
        post: operations["listFiles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload files; each becomes a project. `files` is accepted as well as `files[]`. 400 when none was accepted. */
        post: operations["uploadFiles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/creation-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether the file is converted: WAITING, READY, or FAILED with SPEC §8's code. */
        post: operations["creationStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/analysis": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The file's analysis: words and segments counted. */
        post: operations["analysis"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** How much of the file is translated. */
        post: operations["stats"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/revision-report": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue 52: the file's revision report — words revised, issues by category and severity, the score against the pass threshold, the edit distance, every issue. */
        post: operations["revisionReport"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** SPEC §3's job data of the file. */
        post: operations["fileInfo"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/pretranslate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start pretranslating the file from 100% TM matches (useTm=1) or with MT (useMt=1). */
        post: operations["pretranslate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete the file: gone at once from every page and call. */
        post: operations["deleteFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/share": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Share the file with another account, by its email, as translator or reviewer (a member already there takes the new role). The owner's call only. Answers the file's members. */
        post: operations["shareFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/unshare": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remove a member's access to the file (404 when that email is not a member). The owner's call only. Answers the file's members. */
        post: operations["unshareFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The colleagues the file is shared with, in the order they were added. The owner's call only. */
        post: operations["fileMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/download-original": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The file as uploaded, as an attachment. */
        post: operations["downloadOriginal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/files/download-translated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The translation in the original format (untranslated segments keep their source), as an attachment. */
        post: operations["downloadTranslated"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A window of the file’s segments: step on each side of center, or step before/after a segment, else the first ones. */
        post: operations["segments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/set-active": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Remember the segment as the job's last active one, where the translator opens. */
        post: operations["setActiveSegment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue 52: every change of the segment's translation or status, newest first (at most 100): who, when and how. */
        post: operations["segmentHistory"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/set-edit-time": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set the job's editing time, in whole seconds. */
        post: operations["setEditTime"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/translate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save a segment's translation: TRANSLATED confirms (and writes the TM), DRAFT keeps it unconfirmed. */
        post: operations["translateSegment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/revise": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue 52: a reviewer's decision on a segment — approve (it is confirmed and REVISED) or reject (REJECTED, back to the translator) — with the text as revised and the issues found. The file's owner or a reviewer of it. */
        post: operations["reviseSegment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/segments/replace": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Issue 58: find and replace in the file’s translations (text only, never inside a tag); with preview=1 only says what would change. */
        post: operations["replaceInTranslations"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/comments/add": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Comment on a segment; answers the new comment. */
        post: operations["addComment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/comments/resolve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Resolve the segment's open thread; answers the resolved marker (messageType 2). */
        post: operations["resolveComments"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tm/matches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The best matches of a text in the memories the project reads, best first. */
        post: operations["tmMatches"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tm/concordance-search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Units whose source or target holds every word of the text, newest first, at most 20. */
        post: operations["concordanceSearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's memories. */
        get: operations["memories"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tm/for-file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The memories of the project’s language pair, with what it reads and writes. */
        get: operations["memoriesForFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tm/save-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether new projects read and write a memory. */
        post: operations["saveMemorySettings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tm/save-settings-for-file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether the project reads and writes a memory. */
        post: operations["saveMemorySettingsForFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/mt/matches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The text translated by an MT system, tags kept. */
        post: operations["mtMatches"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/save-mt-system": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The project's MT system: one its languages offer, or '' for none. */
        post: operations["saveMtSystem"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/save-update-mt-for-file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether confirmed segments of the project are sent back to its MT system. */
        post: operations["saveUpdateMtForFile"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/update-mt-for-file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The project's own update-MT value, else the user's. */
        get: operations["updateMtForFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's settings (flags 0 or 1) and email. */
        get: operations["profile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/save-tm-pretranslate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether new uploads are pretranslated from 100% TM matches. */
        post: operations["saveTmPretranslate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/save-mt-pretranslate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether new uploads are pretranslated with MT. */
        post: operations["saveMtPretranslate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/settings/save-update-mt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Whether confirmed segments are sent back to the MT system (projects without their own value). */
        post: operations["saveUpdateMt"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's personal access tokens (never the tokens themselves). */
        get: operations["listTokens"];
        put?: never;
        /** A new token (name; answered this once, 201; with a signed-in session only, never with a token), or intent=revoke with id. */
        post: operations["tokenCall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Refusal: {
            errors: {
                code: string;
                /** @description In the interface language (the culture cookie; Latvian without one). */
                message: string;
            }[];
            /** @description Issue 52, with 409 Conflict: the segment as someone else left it since the version the save was based on. */
            current?: {
                segmentId: number;
                version: number;
                translation: string;
                /** @enum {string} */
                status: "NEW" | "DRAFT" | "TRANSLATED";
                /** @description Whose save made it so; null when unknown (a pretranslation, a replace). */
                editedBy: string | null;
            };
        };
    };
    responses: {
        /** @description Unauthorized (no session or token) or InvalidToken. */
        Unauthorized: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Refusal"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listFiles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /**
                     * @description From 1; a page past the end is empty.
                     * @default 1
                     */
                    page?: number | string;
                    /**
                     * @description Part of a name, any case.
                     * @default
                     */
                    filter?: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        totalFiles: number;
                        data: {
                            id: number;
                            password: string;
                            jobId: number;
                            jobPassword: string;
                            name: string;
                            owner: string;
                            /**
                             * @description The caller's role in the file (issue 52): owner, or a member it is shared with.
                             * @enum {string}
                             */
                            role: "owner" | "translator" | "reviewer";
                            /** @description Unix time in seconds. */
                            createTimestamp: number;
                            source: string;
                            target: string;
                        }[];
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    uploadFiles: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @description A source language of the upload form, e.g. en-US. */
                    source_language: string;
                    /** @description A target language of the upload form, e.g. lv-LV. */
                    target_language: string;
                    /** @description An MT system id for the pair, e.g. apertium:eng|spa. */
                    mt_system?: string;
                    /**
                     * @description Pretranslate from 100% TM matches; the user's setting when not sent.
                     * @enum {string}
                     */
                    tm_pretranslate?: "0" | "1" | "false" | "true" | "off" | "on";
                    /**
                     * @description Pretranslate with MT; the user's setting when not sent.
                     * @enum {string}
                     */
                    mt_pretranslate?: "0" | "1" | "false" | "true" | "off" | "on";
                    "files[]"?: string[];
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 1 when every file was accepted. */
                        code: 0 | 1;
                        errors: {
                            /** @description SPEC §8's code. */
                            message: string;
                            file?: string;
                        }[];
                        data?: {
                            id_project: number;
                            password: string;
                        };
                        /** @description Server time of the answer, in milliseconds. */
                        time: number;
                    };
                };
            };
            /** @description Refused; the answer says why. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description 1 when every file was accepted. */
                        code: 0 | 1;
                        errors: {
                            /** @description SPEC §8's code. */
                            message: string;
                            file?: string;
                        }[];
                        data?: {
                            id_project: number;
                            password: string;
                        };
                        /** @description Server time of the answer, in milliseconds. */
                        time: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    creationStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "WAITING" | "READY" | "FAILED";
                        projectId: number;
                        jobId: number;
                        jobPassword: string;
                        projectName: string;
                        errors?: {
                            /** @description SPEC §8's code of why the file could not be converted. */
                            code: string;
                        }[];
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    analysis: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "NEW" | "ANALYSING" | "DONE" | "EMPTY" | "PRETRANSLATING";
                        projectId: number;
                        wordCount: number;
                        segmentCount: number;
                        segmentsAnalyzed: number;
                        jobId: number;
                        jobPassword: string;
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    stats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: number;
                        analysisComplete: boolean;
                        translatedPercent: number;
                        /** @description Issue 52: the words a reviewer approved, in percent of the file's. */
                        revisedPercent: number;
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    revisionReport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: number;
                        wordsTotal: number;
                        /** @description Words of the segments a reviewer approved or rejected. */
                        wordsRevised: number;
                        segments: {
                            revised: number;
                            rejected: number;
                            unrevised: number;
                            untranslated: number;
                        };
                        issues: {
                            accuracy: {
                                minor: number;
                                major: number;
                                critical: number;
                            };
                            fluency: {
                                minor: number;
                                major: number;
                                critical: number;
                            };
                            terminology: {
                                minor: number;
                                major: number;
                                critical: number;
                            };
                            style: {
                                minor: number;
                                major: number;
                                critical: number;
                            };
                            locale: {
                                minor: number;
                                major: number;
                                critical: number;
                            };
                            markup: {
                                minor: number;
                                major: number;
                                critical: number;
                            };
                        };
                        issueCount: number;
                        /** @description Penalty points: minor 1, major 5, critical 10 an issue. */
                        points: number;
                        /** @description Points per 1,000 words revised, one decimal. */
                        score: number;
                        /** @description The file's pass threshold (the owner sets it on the report page; 15 when not set). */
                        threshold: number;
                        passed: boolean;
                        /** @description Characters the reviewers changed, and their share of the translators' text in the revised segments. */
                        editDistance: {
                            characters: number;
                            percent: number;
                        };
                        reviewers: string[];
                        list: {
                            id: number;
                            segmentId: number;
                            number: number;
                            source: string;
                            translation: string;
                            /** @enum {string} */
                            category: "accuracy" | "fluency" | "terminology" | "style" | "locale" | "markup";
                            /** @enum {string} */
                            severity: "minor" | "major" | "critical";
                            comment: string;
                            reviewer: string | null;
                            /** @description Unix time in seconds. */
                            timestamp: number;
                            answer: string | null;
                        }[];
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    fileInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        password: string;
                        projectId: number;
                        ppassword: string;
                        source: string;
                        target: string;
                        lastSegmentId: number | null;
                        /** @description Percent, 0–100. */
                        progress: number;
                        segmentCount: number;
                        fileName: string;
                        firstSegment: number | null;
                        lastSegment: number | null;
                        mtSystemId: string;
                        /** @description Seconds. */
                        editingTime: number;
                        tmPretranslate: boolean;
                        mtPretranslate: boolean;
                        termBaseUrl: string;
                        synonymBaseUrl: string;
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    pretranslate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword: string;
                    /** @enum {string} */
                    useTm?: "0" | "1" | "false" | "true" | "off" | "on";
                    /** @enum {string} */
                    useMt?: "0" | "1" | "false" | "true" | "off" | "on";
                    /** @description With useMt: the system to use, saved as the project's. */
                    mtSystem?: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: number;
                        /** @constant */
                        started: true;
                    };
                };
            };
            /** @description Refused: InvalidValue, NoMtSystem, UnknownMtSystem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: PretranslationBusy. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    deleteFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: number;
                        /** @constant */
                        deleted: true;
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    shareFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword: string;
                    /** @description The colleague's account email. */
                    email: string;
                    /**
                     * @description translator or reviewer.
                     * @enum {string}
                     */
                    role: "translator" | "reviewer";
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: number;
                        members: {
                            email: string;
                            name: string;
                            /** @enum {string} */
                            role: "translator" | "reviewer";
                            /** @description Unix time in seconds. */
                            addedTimestamp: number;
                        }[];
                    };
                };
            };
            /** @description Refused: InvalidValue, NoAccount, OwnerItself. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: Forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    unshareFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword: string;
                    /** @description The colleague's account email. */
                    email: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: number;
                        members: {
                            email: string;
                            name: string;
                            /** @enum {string} */
                            role: "translator" | "reviewer";
                            /** @description Unix time in seconds. */
                            addedTimestamp: number;
                        }[];
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: Forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    fileMembers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: number;
                        members: {
                            email: string;
                            name: string;
                            /** @enum {string} */
                            role: "translator" | "reviewer";
                            /** @description Unix time in seconds. */
                            addedTimestamp: number;
                        }[];
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: Forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    downloadOriginal: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword: string;
                    /** @description Accepted and not needed. */
                    jwt?: string;
                };
            };
        };
        responses: {
            /** @description The file, as an attachment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    downloadTranslated: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword: string;
                    /** @description Accepted and not needed. */
                    jwt?: string;
                };
            };
        };
        responses: {
            /** @description The file, as an attachment. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: NotReady. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    segments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword: string;
                    center?: number | string;
                    before?: number | string;
                    after?: number | string;
                    /** @description SEGMENT_PAGE_SIZE when not sent. */
                    step?: number | string;
                    searchInSource?: string;
                    searchInTarget?: string;
                    searchInComments?: string;
                    /**
                     * @description Issue 58: only unconfirmed, draft or confirmed segments, those with comments or QA warnings, or repetitions; issue 52: unrevised (confirmed, no decision), revised or rejected ones.
                     * @enum {string}
                     */
                    filter?: "unconfirmed" | "draft" | "confirmed" | "comments" | "warnings" | "repetitions" | "unrevised" | "revised" | "rejected";
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        fileId: number;
                        hasBefore: boolean;
                        hasAfter: boolean;
                        segments: {
                            id: number;
                            /** @description The number the translator shows (parts of a split segment as 12-1, 12-2). */
                            number: string;
                            original: string;
                            translation: string;
                            /** @enum {string} */
                            status: "NEW" | "DRAFT" | "TRANSLATED";
                            saveType: ("MT" | "TM" | "MANUAL") | null;
                            saveMatch: number | null;
                            /** @description Issue 52: counts every change of its translation or status; segments/translate takes it as `version`. */
                            version: number;
                            /** @description Issue 52: the reviewer's decision; null: not revised (yet, or again since the translator changed it). */
                            revision: ("REVISED" | "REJECTED") | null;
                            comments: {
                                id: number;
                                segmentId: number;
                                /** @description 1 a comment, 2 the resolved marker (its message is empty). */
                                messageType: 1 | 2;
                                message: string;
                                fullName: string;
                                threadId: number;
                                /** @description Unix time in seconds. */
                                timestamp: number;
                            }[];
                        }[];
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    setActiveSegment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description A segment id, as the segments call gives it. */
                    segmentId: number | string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: number;
                        lastSegmentId: number;
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    segmentHistory: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description A segment id, as the segments call gives it. */
                    segmentId: number | string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        segmentId: number;
                        versions: {
                            id: number;
                            version: number;
                            translation: string;
                            /** @enum {string} */
                            status: "NEW" | "DRAFT" | "TRANSLATED" | "REVISED" | "REJECTED";
                            saveType: string | null;
                            saveMatch: number | null;
                            /** @description Whose save it was; null for a pretranslation or a new version’s carry-over. */
                            editedBy: string | null;
                            /** @description draft, confirm, clear, propagated, replace, undo, copy-source, pretranslate-tm, pretranslate-mt, import, split, merge, restore, carried-over, or a revision: revise (an edit), approve, reject. */
                            how: string;
                            /** @description Unix time in seconds. */
                            timestamp: number;
                        }[];
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    setEditTime: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword?: string;
                    /** @description Whole seconds. */
                    editingTime: number | string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: number;
                        editingTime: number;
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    translateSegment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description A segment id, as the segments call gives it. */
                    segmentId: number | string;
                    /** @description TRANSLATED or DRAFT. */
                    status: string;
                    /**
                     * @description With SPEC's tag syntax; the source's tags must all be there.
                     * @default
                     */
                    translation?: string;
                    /**
                     * @default MANUAL
                     * @enum {string}
                     */
                    saveType?: "MT" | "TM" | "MANUAL";
                    /** @description With saveType TM: the match percent. */
                    saveMatch?: number | string;
                    /** @description Accepted and not needed. */
                    segment?: string;
                    /** @description Accepted and not needed. */
                    mtId?: string;
                    /** @description Issue 52: the segment's version the translation was based on (segments gives it). When someone has changed the segment to another text since, nothing is saved: 409 Conflict with the segment as it is now. Without it the save applies as sent. */
                    version?: number | string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        segmentId: number;
                        /** @description Its place in the file, from 1. */
                        number: number;
                        /** @description Issue 52: the segment's version after the save, for the next save to be based on. */
                        version: number;
                        /** @enum {string} */
                        status: "TRANSLATED" | "DRAFT";
                        translation: string;
                        /** @description Issue 58: the repetitions (same source, empty or draft) a confirm filled with the same translation, confirmed. */
                        propagated: number[];
                    };
                };
            };
            /** @description Refused: InvalidValue, InvalidTags. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: Conflict. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: MemoryWriteFailed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    reviseSegment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description A segment id, as the segments call gives it. */
                    segmentId: number | string;
                    /** @enum {string} */
                    decision: "approve" | "reject";
                    /** @description The reviewer's text, with SPEC's tags; without it the translation as it is. Edits are kept against the translator's text. */
                    translation?: string;
                    /** @description As in segments/translate: the version the translation was based on. */
                    version?: number | string;
                    /** @description A JSON array of at most 20 issues: [{"category": "accuracy|fluency|terminology|style|locale|markup", "severity": "minor|major|critical", "comment": "…"}]. */
                    issues?: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        segmentId: number;
                        number: number;
                        /** @enum {string} */
                        revision: "REVISED" | "REJECTED";
                        /** @description Every issue of the segment, oldest first, with the translator's answers. */
                        issues: {
                            id: number;
                            /** @enum {string} */
                            category: "accuracy" | "fluency" | "terminology" | "style" | "locale" | "markup";
                            /** @enum {string} */
                            severity: "minor" | "major" | "critical";
                            comment: string;
                            createdBy: string | null;
                            /** @description The translator's answer. */
                            answer: string | null;
                            answeredBy: string | null;
                        }[];
                    };
                };
            };
            /** @description Refused: InvalidValue, InvalidTags, NothingToRevise. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: Forbidden. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: Conflict. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: MemoryWriteFailed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    replaceInTranslations: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword: string;
                    find: string;
                    /** @default  */
                    replace?: string;
                    /** @enum {string} */
                    matchCase?: "0" | "1" | "false" | "true" | "off" | "on";
                    /** @enum {string} */
                    wholeWord?: "0" | "1" | "false" | "true" | "off" | "on";
                    /** @enum {string} */
                    preview?: "0" | "1" | "false" | "true" | "off" | "on";
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description How many segments change (or, with preview, would). */
                        changed: number;
                        segments: {
                            id: number;
                            number: number;
                            /** @description The translation after the replace. */
                            translation: string;
                            /** @enum {string} */
                            status: "NEW" | "DRAFT" | "TRANSLATED";
                        }[];
                        /**
                         * @description Issue 58: a replace over more than 200 segments runs in the background (or one was already running in the file): `changed` is the segments it looks at, `segments` empty; the translator shows its progress.
                         * @constant
                         */
                        running?: true;
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    addComment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description A segment id, as the segments call gives it. */
                    segmentId: number | string;
                    /**
                     * @description 1–750 characters, trimmed.
                     * @default
                     */
                    message?: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        segmentId: number;
                        /** @description 1 a comment, 2 the resolved marker (its message is empty). */
                        messageType: 1 | 2;
                        message: string;
                        fullName: string;
                        threadId: number;
                        /** @description Unix time in seconds. */
                        timestamp: number;
                    };
                };
            };
            /** @description Refused: EmptyComment, CommentTooLong. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: CommentNotSaved. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    resolveComments: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description A segment id, as the segments call gives it. */
                    segmentId: number | string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        segmentId: number;
                        /** @description 1 a comment, 2 the resolved marker (its message is empty). */
                        messageType: 1 | 2;
                        message: string;
                        fullName: string;
                        threadId: number;
                        /** @description Unix time in seconds. */
                        timestamp: number;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: NothingToResolve. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: CommentNotSaved. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    tmMatches: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword: string;
                    /** @default  */
                    text?: string;
                    /** @default 5 */
                    count?: number | string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        createdBy: string;
                        /** @description Percent, 0–100. */
                        match: number;
                        /** @description Percent, 0–100. */
                        rawMatch: number;
                        /** @description The unit's target with the text's tags and numbers put in. */
                        translation: string;
                        /** @description The unit's source as stored. */
                        segment: string;
                    }[];
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    concordanceSearch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword?: string;
                    /** @default  */
                    text?: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        raw_segment: string;
                        translation: string;
                    }[];
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    memories: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        sourceLang: string;
                        targetLang: string;
                        readMemory: boolean;
                        writeMemory: boolean;
                        canUpdate: boolean;
                        projectId?: number;
                    }[];
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    memoriesForFile: {
        parameters: {
            query: {
                projectId: number | string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        sourceLang: string;
                        targetLang: string;
                        readMemory: boolean;
                        writeMemory: boolean;
                        canUpdate: boolean;
                        projectId?: number;
                    }[];
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    saveMemorySettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The memory; or its name. */
                    id?: number | string;
                    name?: string;
                    /** @enum {string} */
                    readMemory: "0" | "1" | "false" | "true" | "off" | "on";
                    /** @enum {string} */
                    writeMemory: "0" | "1" | "false" | "true" | "off" | "on";
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        sourceLang: string;
                        targetLang: string;
                        readMemory: boolean;
                        writeMemory: boolean;
                        canUpdate: boolean;
                        projectId?: number;
                    }[];
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    saveMemorySettingsForFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The memory; or its name. */
                    id?: number | string;
                    name?: string;
                    /** @enum {string} */
                    readMemory: "0" | "1" | "false" | "true" | "off" | "on";
                    /** @enum {string} */
                    writeMemory: "0" | "1" | "false" | "true" | "off" | "on";
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        sourceLang: string;
                        targetLang: string;
                        readMemory: boolean;
                        writeMemory: boolean;
                        canUpdate: boolean;
                        projectId?: number;
                    }[];
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    mtMatches: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    text: string;
                    /**
                     * @description A system id of the upload form’s list, e.g. apertium:eng|spa.
                     * @default
                     */
                    mtId?: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        translation: string;
                        mtId: string;
                    };
                };
            };
            /** @description Refused: InvalidValue, NoMtSystem, UnknownMtSystem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: MtUnavailable, MtBadResponse, MtNotSupported. */
            502: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: MtTimeout. */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    saveMtSystem: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword?: string;
                    /** @description Empty for none. */
                    mtSystemId: string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: number;
                        mtSystemId: string;
                    };
                };
            };
            /** @description Refused: InvalidValue, UnknownMtSystem. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    saveUpdateMtForFile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description The project (file) id, as the file list and files/upload give it. */
                    projectId: number | string;
                    /** @description The project's password, as the file list and files/upload give it. */
                    projectPassword?: string;
                    /** @enum {string} */
                    updateMt: "0" | "1" | "false" | "true" | "off" | "on";
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: number;
                        update_mt: number;
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    updateMtForFile: {
        parameters: {
            query: {
                projectId: number | string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        projectId: number;
                        update_mt: number;
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    profile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tm_pretranslate: number;
                        mt_pretranslate: number;
                        update_mt: number;
                        email: string;
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    saveTmPretranslate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    pretranslate: "0" | "1" | "false" | "true" | "off" | "on";
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tm_pretranslate: number;
                        mt_pretranslate: number;
                        update_mt: number;
                        email: string;
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    saveMtPretranslate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    pretranslate: "0" | "1" | "false" | "true" | "off" | "on";
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tm_pretranslate: number;
                        mt_pretranslate: number;
                        update_mt: number;
                        email: string;
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    saveUpdateMt: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @enum {string} */
                    updateMt: "0" | "1" | "false" | "true" | "off" | "on";
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        tm_pretranslate: number;
                        mt_pretranslate: number;
                        update_mt: number;
                        email: string;
                    };
                };
            };
            /** @description Refused: InvalidValue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
    listTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            name: string;
                            /** @description The token's first characters, to tell tokens apart. */
                            hint: string;
                            /** @description Unix time in seconds. */
                            createTimestamp: number;
                            lastUsedTimestamp: number | null;
                        }[];
                    };
                };
            };
            401: components["responses"]["Unauthorized"];
        };
    };
    tokenCall: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/x-www-form-urlencoded": {
                    /** @description 1–100 characters. */
                    name?: string;
                    /** @enum {string} */
                    intent?: "revoke";
                    /** @description With intent=revoke: the token to revoke. */
                    id?: number | string;
                };
            };
        };
        responses: {
            /** @description Done. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description The token's first characters, to tell tokens apart. */
                        hint: string;
                        /** @description Unix time in seconds. */
                        createTimestamp: number;
                        lastUsedTimestamp: number | null;
                        token: string;
                    } | {
                        id: number;
                        /** @constant */
                        revoked: true;
                    };
                };
            };
            /** @description Done. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        name: string;
                        /** @description The token's first characters, to tell tokens apart. */
                        hint: string;
                        /** @description Unix time in seconds. */
                        createTimestamp: number;
                        lastUsedTimestamp: number | null;
                        token: string;
                    } | {
                        id: number;
                        /** @constant */
                        revoked: true;
                    };
                };
            };
            /** @description Refused: TokenNameEmpty, TokenNameTooLong. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            401: components["responses"]["Unauthorized"];
            /** @description Refused: SessionRequired. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: NotFound. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: TooManyTokens. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
            /** @description Refused: FormTooLarge (a form over 1 MiB). */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Refusal"];
                };
            };
        };
    };
}
