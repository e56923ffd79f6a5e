// Generated from v1.json by test/openapi.test.ts: do not edit.
export interface paths {
    "/influencers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List influencers
         * @description The account’s influencers, newest first, with the slots used and held.
         */
        get: operations["listInfluencers"];
        put?: never;
        /**
         * Create an influencer
         * @description Takes one of the account’s influencer slots. Its persona is built from the photos added next, then trained.
         */
        post: operations["createInfluencer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/influencers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an influencer */
        get: operations["getInfluencer"];
        /** Change an influencer */
        put: operations["updateInfluencer"];
        post?: never;
        /** Delete an influencer */
        delete: operations["deleteInfluencer"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/influencers/{id}/persona": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get an influencer’s persona
         * @description Its training photos with their checks, and where its training stands.
         */
        get: operations["getPersona"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/influencers/{id}/photos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a training photo
         * @description One photo a call (JPEG, PNG, WebP or HEIC, at most 10 MB). The answer carries its check: one sharp, large enough face of the same person as the others, no repeat.
         */
        post: operations["addPersonaPhoto"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/influencers/{id}/photos/{photoId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a training photo */
        delete: operations["removePersonaPhoto"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/influencers/{id}/likeness": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * State whose likeness the photos show
         * @description `statement` is `self` (the photos are of the account’s owner), `consent` (the written consent of the person shown, sent as `document`: PDF, JPEG or PNG, at most 10 MB) or `synthetic`. Training waits for a statement, and for `consent` for its document. A new statement replaces the current one; earlier ones are kept.
         */
        post: operations["stateLikeness"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/influencers/{id}/training": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Train the persona
         * @description Spends one model token. The job’s progress is read from GET /jobs/{id}; `persona.trained` or `persona.training_failed` is sent when it ends.
         */
        post: operations["trainPersona"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/generations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Generate images of an influencer
         * @description One job per image, all paid for (or refused) together. Each job’s result is in the gallery when it succeeds; `job.succeeded` is sent for each.
         */
        post: operations["generateImages"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List jobs */
        get: operations["listJobs"];
        put?: never;
        /**
         * Run a tool
         * @description Upscale, Edit Image, Generate Prompt, Generate Video, face swap, a product shot or a talking video: the `tool` field names it, the other fields are its options, and its input is an uploaded `image` (or `video`), a `galleryId`, or an `imageUrl` (`videoUrl`) that Muse fetches. A talking video speaks its `script`, or an uploaded `audio` file instead.
         */
        post: operations["createJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a job
         * @description Its status, progress and, once it succeeded, its outputs.
         */
        get: operations["getJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{id}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Cancel a job
         * @description A job that has not finished is failed as cancelled and its credits refunded; a finished one answers 409 JOB_FINISHED.
         */
        post: operations["cancelJob"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/drafts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Write a draft in an influencer’s words
         * @description Captions for a post’s pictures (one per target, within each platform’s limits), a persona’s bio, a prompt, or a voice profile. A job: its `draft` holds the result once it has succeeded (`job.succeeded` is sent). Free and `preview` where Muse writes from its own templates.
         */
        post: operations["createDraft"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/influencers/{id}/voice-profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Read how an influencer writes */
        get: operations["getVoiceProfile"];
        /**
         * Set how an influencer writes
         * @description Every draft in the influencer’s name follows it.
         */
        put: operations["setVoiceProfile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List products
         * @description The account’s products, with the product slots used and held.
         */
        get: operations["listProducts"];
        put?: never;
        /**
         * Add a product
         * @description Takes one of the account’s product slots; up to 5 pictures in `images`.
         */
        post: operations["createProduct"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/products/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a product */
        get: operations["getProduct"];
        /**
         * Change a product
         * @description New pictures are added; earlier ones stay only when named in `keepImageIds`.
         */
        put: operations["updateProduct"];
        post?: never;
        /** Delete a product */
        delete: operations["deleteProduct"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gallery": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List gallery items
         * @description Newest first; by influencer, kind, product or least identity score.
         */
        get: operations["listGallery"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gallery/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Get a gallery item
         * @description Its `url` is a signed link to the file, valid for a while.
         */
        get: operations["getGalleryItem"];
        put?: never;
        post?: never;
        /** Delete a gallery item */
        delete: operations["deleteGalleryItem"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/gallery/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download a gallery item
         * @description The file itself, as the tool made it (with its Content Credentials).
         */
        get: operations["downloadGalleryItem"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/pages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List public pages */
        get: operations["listPages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/influencers/{id}/page": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get an influencer’s public page */
        get: operations["getPage"];
        /**
         * Set up an influencer’s public page
         * @description Its handle, and whether it is shown at /i/{handle}.
         */
        put: operations["savePage"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List posts
         * @description Published and scheduled, with the month’s scheduling quota.
         */
        get: operations["listPosts"];
        put?: never;
        /**
         * Publish or schedule a post
         * @description Gallery items on an influencer’s page, free or pay-per-view, now or at `publishAt`; `post.published` is sent when it goes out.
         */
        post: operations["createPost"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/posts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a post */
        delete: operations["deletePost"];
        options?: never;
        head?: never;
        /** Change a scheduled post */
        patch: operations["updatePost"];
        trace?: never;
    };
    "/balance": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the balance */
        get: operations["getBalance"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/credit-history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the credit history
         * @description Every grant, spend and refund, newest first, naming the API key that spent.
         */
        get: operations["listCreditHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List webhook endpoints
         * @description The account’s endpoints, newest first; `disabledAt` is set on one Muse turned off after 5 days of failed deliveries.
         */
        get: operations["listWebhookEndpoints"];
        put?: never;
        /**
         * Add a webhook endpoint
         * @description Muse POSTs the chosen events to the URL, signed the Standard Webhooks way with the secret in the answer (shown this once). In production the URL must be https and resolve to public addresses only. Events: job.succeeded, job.failed, persona.trained, persona.training_failed, post.published, post.sold.
         */
        post: operations["createWebhookEndpoint"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a webhook endpoint
         * @description Removes the endpoint and its deliveries; nothing more is sent to it.
         */
        delete: operations["deleteWebhookEndpoint"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List an endpoint’s deliveries
         * @description The newest 50 deliveries to the endpoint: their status, tries, and the receiver’s last answer (its first 1000 characters) or why it could not be reached.
         */
        get: operations["listWebhookDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhook-endpoints/{id}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a delivery again
         * @description Queues one more try of the delivery, now, with the same `webhook-id` and body (signed again with a new timestamp). No retries follow it.
         */
        post: operations["resendWebhookDelivery"];
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
        Influencer: {
            id: string;
            name: string;
            niche: string;
            personality: string;
            target_audience: string;
            description: string;
            image: string | null;
            thumbnail: string | null;
            modelId: number | null;
            /** @enum {string} */
            personaStatus: "needs-photos" | "ready-to-train" | "training" | "ready";
            ready: boolean;
            referencePhotos: number;
            likeness: {
                /** @enum {string} */
                statement: "self" | "consent" | "synthetic";
                statedAt: string;
                verified: boolean;
                verifiedAt: string | null;
                matchScore: number | null;
                document: {
                    name: string;
                    type: string;
                } | null;
            } | null;
            created_at: string;
            updated_at: string;
        };
        Persona: {
            influencerId: string;
            /** @enum {string} */
            kind: "marketplace" | "custom";
            /** @enum {string} */
            status: "needs-photos" | "ready-to-train" | "training" | "ready";
            ready: boolean;
            /** @enum {string} */
            engine: "local" | "fal";
            trained: boolean;
            triggerWord: string | null;
            photos: {
                id: string;
                number: number;
                /** @enum {string} */
                source: "upload" | "marketplace";
                url: string;
                thumbnail: string;
                width: number;
                height: number;
                faces: number;
                verdict: {
                    ok: boolean;
                    problems: {
                        /** @enum {string} */
                        code: "no-face" | "several-faces" | "face-too-small" | "face-cut-off" | "blurry" | "different-person" | "duplicate";
                        message: string;
                    }[];
                };
                reference: boolean;
                createdAt: string;
            }[];
            passing: number;
            canTrain: boolean;
            scoreable: boolean;
            training: components["schemas"]["Job"] | null;
            modelTokens: number;
            likeness: {
                /** @enum {string} */
                statement: "self" | "consent" | "synthetic";
                statedAt: string;
                verified: boolean;
                verifiedAt: string | null;
                matchScore: number | null;
                document: {
                    name: string;
                    type: string;
                } | null;
            } | null;
        };
        Job: {
            id: string;
            /** @enum {string} */
            tool: "edit-image" | "face-swap" | "generate-image" | "generate-prompt" | "generate-video" | "product-shot" | "talking-video" | "upscale" | "train-persona" | "write-text";
            /** @enum {string} */
            status: "queued" | "running" | "succeeded" | "failed";
            progress: number;
            stage: string;
            options: {
                [key: string]: unknown;
            };
            input: {
                url: string;
                width: number;
                height: number;
                contentType: string;
                fileName: string;
                galleryId?: string;
                posterUrl?: string;
                durationSeconds?: number;
                identityScore?: number | null;
                scoreNote?: string | null;
            } | null;
            outputs: {
                url: string;
                width: number;
                height: number;
                contentType: string;
                fileName: string;
                galleryId?: string;
                posterUrl?: string;
                durationSeconds?: number;
                identityScore?: number | null;
                scoreNote?: string | null;
            }[];
            prompt: string | null;
            draft: ({
                /** @constant */
                kind: "caption";
                captions: {
                    /** @enum {string} */
                    target: "page" | "instagram" | "tiktok" | "youtube" | "x";
                    caption: string;
                    hashtags: string[];
                    text: string;
                }[];
            } | {
                /** @constant */
                kind: "persona";
                persona: {
                    personality: string;
                    target_audience: string;
                    description: string;
                };
            } | {
                /** @constant */
                kind: "prompt";
                prompt: string;
            } | {
                /** @constant */
                kind: "voice-profile";
                profile: {
                    tone: string;
                    uses: string[];
                    avoids: string[];
                    /** @enum {string} */
                    emoji: "none" | "few" | "many";
                    /** @enum {string} */
                    language: "en" | "es" | "pt" | "fr" | "de" | "it" | "nl" | "pl" | "tr" | "ja" | "ko" | "zh" | "hi" | "ar";
                };
            }) | null;
            cost: number;
            failureReason: string | null;
            engine: string;
            preview: boolean;
            details: {
                seed?: number;
                appliedSafetyTolerance?: number;
            };
            createdAt: string;
            finishedAt: string | null;
        };
        GalleryItem: {
            id: string;
            /** @enum {string} */
            kind: "image" | "video";
            url: string;
            thumbnailUrl: string;
            width: number;
            height: number;
            contentType: string;
            fileName: string;
            durationSeconds: number | null;
            tool: string;
            productId: string | null;
            influencerId: string | null;
            influencerName: string | null;
            prompt: string;
            identityScore: number | null;
            scoreNote: string | null;
            engine: string;
            preview: boolean;
            jobId: string | null;
            credentials: {
                action: string | null;
                digitalSourceType: string | null;
                softwareAgent: string | null;
                engine: string | null;
                model: string | null;
                signedAt: string | null;
                chain: {
                    action: string | null;
                    engine: string | null;
                    model: string | null;
                    signedAt: string | null;
                }[];
            } | null;
            createdAt: string;
        };
        Post: {
            id: string;
            influencerId: string;
            influencerName: string;
            handle: string | null;
            caption: string;
            priceCents: number;
            /** @enum {string} */
            status: "scheduled" | "published";
            publishAt: string;
            scheduled: boolean;
            timeZone: string;
            items: {
                id: string;
                /** @enum {string} */
                kind: "image" | "video";
                width: number;
                height: number;
                durationSeconds: number | null;
                contentType: string;
                preview: boolean;
                credentials: boolean;
                blurredUrl: string;
                thumbnailUrl: string | null;
                url: string | null;
            }[];
            sales: number;
            onPage: boolean;
            targets: {
                /** @enum {string} */
                platform: "instagram" | "tiktok" | "youtube" | "x";
                username: string | null;
                caption: string;
                ownCaption: boolean;
                title: string | null;
                privacyLevel: string | null;
                /** @enum {string} */
                state: "scheduled" | "publishing" | "published" | "failed";
                url: string | null;
                failure: {
                    code: string;
                    message: string;
                } | null;
                waitUntil: string | null;
                publishedAt: string | null;
                counts: {
                    views: number | null;
                    likes: number | null;
                    comments: number | null;
                    shares: number | null;
                    readAt: string;
                } | null;
                removal: {
                    /** @enum {string} */
                    state: "removed" | "unsupported" | "failed";
                    message: string | null;
                    at: string;
                } | null;
            }[];
            removedByMuse: boolean;
            createdBy: {
                id: string;
                name: string;
            } | null;
            approval: {
                /** @enum {string} */
                status: "waiting" | "approved" | "returned";
                note: string | null;
                decidedBy: string | null;
                decidedAt: string | null;
            } | null;
            createdAt: string;
        };
        LedgerEntry: {
            id: string;
            /** @enum {string} */
            currency: "credits" | "model_tokens";
            amount: number;
            kind: string;
            description: string;
            createdAt: string;
            apiKey?: {
                id: string;
                name: string;
            } | null;
        };
        WebhookEndpoint: {
            id: string;
            url: string;
            events: ("job.succeeded" | "job.failed" | "persona.trained" | "persona.training_failed" | "post.published" | "post.sold")[];
            createdAt: string;
            disabledAt: string | null;
        };
        WebhookDelivery: {
            id: string;
            /** @enum {string} */
            type: "job.succeeded" | "job.failed" | "persona.trained" | "persona.training_failed" | "post.published" | "post.sold";
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
            attempts: number;
            lastStatusCode: number | null;
            lastResponse: string | null;
            nextAttemptAt: string | null;
            createdAt: string;
            deliveredAt: string | null;
        };
        Error: {
            /** @constant */
            success: false;
            error: string;
            /** @enum {string} */
            code: "INVALID_REQUEST" | "UNAUTHORISED" | "NOT_FOUND" | "WORKSPACE_NOT_FOUND" | "WORKSPACE_ROLE_FORBIDS" | "URI_TOO_LONG" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "RATE_LIMITED" | "INTERNAL_ERROR" | "SERVICE_UNAVAILABLE" | "STORAGE_UNAVAILABLE" | "PAYMENTS_UNAVAILABLE" | "WEBHOOK_SIGNATURE_INVALID" | "INVALID_CREDENTIALS" | "EMAIL_TAKEN" | "RESET_LINK_INVALID" | "VERIFY_LINK_INVALID" | "EMAIL_CHANGE_LINK_INVALID" | "CURRENT_PASSWORD_REQUIRED" | "WRONG_PASSWORD" | "GOOGLE_MANAGED_EMAIL" | "GOOGLE_SIGN_IN_FAILED" | "OAUTH_CODE_INVALID" | "SESSION_NOT_FOUND" | "ACCOUNT_SUSPENDED" | "INSUFFICIENT_CREDITS" | "INSUFFICIENT_MODEL_TOKENS" | "TOOL_NOT_ALLOWED" | "INFLUENCER_LIMIT" | "PRODUCT_LIMIT" | "SCHEDULED_POST_LIMIT" | "JOB_LIMIT_REACHED" | "TOO_MANY_STREAMS" | "ALREADY_SPENT" | "ALREADY_ON_PLAN" | "PROMO_CODE_INVALID" | "NO_SUBSCRIPTION" | "CHECKOUT_NOT_FOUND" | "CHECKOUT_EXPIRED" | "OFFER_USED" | "NO_CHECKOUT_URL" | "MODEL_NOT_FOUND" | "MODEL_FULLY_CLAIMED" | "TERMS_NOT_ACCEPTED" | "MODEL_ALREADY_HELD" | "INFLUENCER_NOT_FOUND" | "PHOTO_NOT_FOUND" | "MINOR_REFUSED" | "TOO_MANY_PHOTOS" | "NOT_ENOUGH_PHOTOS" | "TRAINING_RUNNING" | "ALREADY_TRAINED" | "PHOTOS_CHANGED" | "LIKENESS_STATEMENT_NEEDED" | "CONSENT_DOCUMENT_NEEDED" | "LIKENESS_NOT_SELF" | "NO_PHOTOS_TO_MATCH" | "SELFIE_NOT_ONE_FACE" | "CONSENT_DOCUMENT_NOT_FOUND" | "PERSONA_NOT_READY" | "PRODUCT_NOT_FOUND" | "ONBOARDING_STEP_LOCKED" | "JOB_NOT_FOUND" | "JOB_FINISHED" | "GALLERY_ITEM_NOT_FOUND" | "DRAFT_FAILED" | "DRAFT_STILL_RUNNING" | "PAGE_NOT_FOUND" | "POST_NOT_FOUND" | "PAGE_NOT_PUBLISHED" | "HANDLE_TAKEN" | "HANDLE_KEPT" | "POST_ALREADY_PUBLISHED" | "POST_HAS_BUYERS" | "POST_REMOVED" | "PAGE_HIDDEN" | "PLATFORM_NOT_ENABLED" | "PLATFORM_NOT_CONNECTED" | "PLATFORM_RULES" | "TARGET_NOT_FAILED" | "POST_TAKEN_DOWN" | "OWN_POST" | "FREE_POST" | "ALREADY_BOUGHT" | "PAYOUT_TOO_SMALL" | "PAYOUT_TOO_LARGE" | "PAYOUT_ACCOUNT_NEEDED" | "PAYOUT_FAILED" | "REPORT_NOT_FOUND" | "REPORT_CLOSED" | "REFUSAL_NOT_FOUND" | "SCOPE_MISSING" | "SESSION_REQUIRED" | "API_KEY_NOT_FOUND" | "API_KEY_LIMIT" | "IDEMPOTENCY_KEY_REUSED" | "IDEMPOTENCY_IN_PROGRESS" | "WEBHOOK_ENDPOINT_NOT_FOUND" | "WEBHOOK_DELIVERY_NOT_FOUND" | "WEBHOOK_ENDPOINT_LIMIT" | "WEBHOOK_URL_NOT_ALLOWED" | "URL_NOT_ALLOWED" | "EXPORT_NOT_FOUND" | "EXPORT_EXPIRED" | "FRESH_SIGN_IN_REQUIRED" | "EARNINGS_AVAILABLE" | "POST_NOT_WAITING" | "ALREADY_MEMBER" | "ALREADY_INVITED" | "SEATS_FULL" | "LAST_OWNER" | "MEMBER_NOT_FOUND" | "INVITATION_NOT_FOUND" | "INVITATION_EMAIL_MISMATCH";
            field?: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listInfluencers: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        influencers: components["schemas"]["Influencer"][];
                        used: number;
                        limit: number;
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createInfluencer: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a repeat within 24 hours answers what the first answered */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Lina",
                 *       "niche": "travel",
                 *       "personality": "Curious, calm, up before sunrise",
                 *       "target_audience": "Women 25 to 40 who travel by train",
                 *       "description": "Trains across Europe, one city a week"
                 *     }
                 */
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    niche: "fashion" | "fitness" | "tech" | "lifestyle" | "beauty" | "gaming" | "food" | "travel" | "finance" | "education";
                    /** @default  */
                    personality?: string;
                    /** @default  */
                    target_audience?: string;
                    description: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        influencer: components["schemas"]["Influencer"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getInfluencer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        influencer: components["schemas"]["Influencer"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateInfluencer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "Lina",
                 *       "niche": "travel",
                 *       "personality": "Curious, calm, up before sunrise",
                 *       "target_audience": "Women 25 to 40 who travel by train",
                 *       "description": "Trains across Europe, one city a week"
                 *     }
                 */
                "application/json": {
                    name: string;
                    /** @enum {string} */
                    niche: "fashion" | "fitness" | "tech" | "lifestyle" | "beauty" | "gaming" | "food" | "travel" | "finance" | "education";
                    /** @default  */
                    personality?: string;
                    /** @default  */
                    target_audience?: string;
                    description: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        influencer: components["schemas"]["Influencer"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteInfluencer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPersona: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        persona: components["schemas"]["Persona"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    addPersonaPhoto: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a repeat within 24 hours answers what the first answered */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description A file
                     */
                    photo: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        persona: components["schemas"]["Persona"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    removePersonaPhoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                photoId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        persona: components["schemas"]["Persona"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    stateLikeness: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a repeat within 24 hours answers what the first answered */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** @enum {string} */
                    statement: "self" | "consent" | "synthetic";
                    /**
                     * Format: binary
                     * @description A file
                     */
                    document?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        persona: components["schemas"]["Persona"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    trainPersona: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a repeat within 24 hours answers what the first answered */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        persona: components["schemas"]["Persona"];
                        job: components["schemas"]["Job"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    generateImages: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a repeat within 24 hours answers what the first answered */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "influencerId": "5b7c1a0e-2f4d-4e8a-9c3b-1d2e3f4a5b6c",
                 *       "prompt": "On a night train, reading by the window",
                 *       "style": "photo",
                 *       "aspectRatio": "4:5",
                 *       "count": 4
                 *     }
                 */
                "application/json": {
                    influencerId?: "" | null | string;
                    prompt: string;
                    /**
                     * @default photo
                     * @enum {string}
                     */
                    style?: "photo" | "editorial" | "cinematic" | "golden-hour" | "studio";
                    /**
                     * @default 4:5
                     * @enum {string}
                     */
                    aspectRatio?: "1:1" | "4:5" | "3:4" | "9:16" | "16:9";
                    /** @default 2 */
                    count?: number;
                    seed?: "" | null | number;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        jobs: components["schemas"]["Job"][];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listJobs: {
        parameters: {
            query?: {
                tool?: "edit-image" | "face-swap" | "generate-image" | "generate-prompt" | "generate-video" | "product-shot" | "talking-video" | "upscale";
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        jobs: components["schemas"]["Job"][];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a repeat within 24 hours answers what the first answered */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "tool": "upscale",
                 *       "galleryId": "0f8e7d6c-5b4a-4938-8271-6a5b4c3d2e1f"
                 *     }
                 */
                "multipart/form-data": {
                    /**
                     * @description The tool to run
                     * @enum {string}
                     */
                    tool: "edit-image" | "face-swap" | "generate-image" | "generate-prompt" | "generate-video" | "product-shot" | "talking-video" | "upscale";
                    /** @description A gallery item to work on, instead of an uploaded file */
                    galleryId?: string;
                    /** @description The https address of an image Muse fetches (at most 10 MB), instead of `image` */
                    imageUrl?: string;
                    /** @description The https address of a clip Muse fetches, instead of `video` (face swap) */
                    videoUrl?: string;
                    /** @description Each of the tool’s options is a field of its own (for example `model`, `aspectRatio`); see the tools guide */
                    options?: string;
                    /**
                     * Format: binary
                     * @description A file
                     */
                    image?: string;
                    /**
                     * Format: binary
                     * @description A file
                     */
                    video?: string;
                    /**
                     * Format: binary
                     * @description A file
                     */
                    audio?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        job: components["schemas"]["Job"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        job: components["schemas"]["Job"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    cancelJob: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a repeat within 24 hours answers what the first answered */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        job: components["schemas"]["Job"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createDraft: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a repeat within 24 hours answers what the first answered */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    kind: "caption";
                    /** Format: uuid */
                    influencerId: string;
                    itemIds: string[];
                    targets: ("page" | "instagram" | "tiktok" | "youtube" | "x")[];
                    /** @default  */
                    words?: string;
                    /** @default 0 */
                    reserve?: number;
                } | {
                    /** @enum {string} */
                    kind: "persona";
                    /** @enum {string} */
                    niche: "fashion" | "fitness" | "tech" | "lifestyle" | "beauty" | "gaming" | "food" | "travel" | "finance" | "education";
                    /** @default  */
                    name?: string;
                } | {
                    /** @enum {string} */
                    kind: "prompt";
                    /** @enum {string} */
                    tool: "generate-image" | "generate-video";
                    words: string;
                    /** @default null */
                    influencerId?: string | null;
                } | {
                    /** @enum {string} */
                    kind: "voice-profile";
                    /** Format: uuid */
                    influencerId: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        job: components["schemas"]["Job"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getVoiceProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        profile: {
                            tone: string;
                            uses: string[];
                            avoids: string[];
                            /** @enum {string} */
                            emoji: "none" | "few" | "many";
                            /** @enum {string} */
                            language: "en" | "es" | "pt" | "fr" | "de" | "it" | "nl" | "pl" | "tr" | "ja" | "ko" | "zh" | "hi" | "ar";
                        } | null;
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    setVoiceProfile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tone: string;
                    uses: string[];
                    avoids: string[];
                    /** @enum {string} */
                    emoji: "none" | "few" | "many";
                    /** @enum {string} */
                    language: "en" | "es" | "pt" | "fr" | "de" | "it" | "nl" | "pl" | "tr" | "ja" | "ko" | "zh" | "hi" | "ar";
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        profile: {
                            tone: string;
                            uses: string[];
                            avoids: string[];
                            /** @enum {string} */
                            emoji: "none" | "few" | "many";
                            /** @enum {string} */
                            language: "en" | "es" | "pt" | "fr" | "de" | "it" | "nl" | "pl" | "tr" | "ja" | "ko" | "zh" | "hi" | "ar";
                        } | null;
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listProducts: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        products: {
                            id: string;
                            name: string;
                            description: string;
                            link: string;
                            images: {
                                id: string;
                                url: string;
                                thumbnail: string;
                            }[];
                            created_at: string;
                            updated_at: string;
                        }[];
                        used: number;
                        limit: number;
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createProduct: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a repeat within 24 hours answers what the first answered */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    name: string;
                    /** @default  */
                    description?: string;
                    /** @default  */
                    link?: string;
                    /** @description On a change: an image to keep (repeat the field) */
                    keepImageIds?: string;
                    /**
                     * Format: binary
                     * @description A file
                     */
                    images?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        product: {
                            id: string;
                            name: string;
                            description: string;
                            link: string;
                            images: {
                                id: string;
                                url: string;
                                thumbnail: string;
                            }[];
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        product: {
                            id: string;
                            name: string;
                            description: string;
                            link: string;
                            images: {
                                id: string;
                                url: string;
                                thumbnail: string;
                            }[];
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updateProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    name: string;
                    /** @default  */
                    description?: string;
                    /** @default  */
                    link?: string;
                    /** @description On a change: an image to keep (repeat the field) */
                    keepImageIds?: string;
                    /**
                     * Format: binary
                     * @description A file
                     */
                    images?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        product: {
                            id: string;
                            name: string;
                            description: string;
                            link: string;
                            images: {
                                id: string;
                                url: string;
                                thumbnail: string;
                            }[];
                            created_at: string;
                            updated_at: string;
                        };
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteProduct: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listGallery: {
        parameters: {
            query?: {
                influencerId?: "none" | string;
                kind?: "image" | "video";
                productId?: string;
                minScore?: number;
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        items: components["schemas"]["GalleryItem"][];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getGalleryItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        item: components["schemas"]["GalleryItem"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteGalleryItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    downloadGalleryItem: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image or video */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/*": string;
                    "video/*": string;
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        pages: {
                            influencerId: string;
                            handle: string;
                            bio: string;
                            published: boolean;
                            hiddenByMuse: boolean;
                            path: string;
                        }[];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getPage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        page: {
                            influencerId: string;
                            handle: string;
                            bio: string;
                            published: boolean;
                            hiddenByMuse: boolean;
                            path: string;
                        } | null;
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    savePage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "handle": "lina.travels",
                 *       "bio": "Trains across Europe",
                 *       "published": true
                 *     }
                 */
                "application/json": {
                    handle: string;
                    /** @default  */
                    bio?: string;
                    published: boolean;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        page: {
                            influencerId: string;
                            handle: string;
                            bio: string;
                            published: boolean;
                            hiddenByMuse: boolean;
                            path: string;
                        } | null;
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listPosts: {
        parameters: {
            query?: {
                from?: string;
                to?: string;
                influencerId?: string;
                month?: string;
                timeZone?: string;
                perDay?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        posts: components["schemas"]["Post"][];
                        quota: {
                            month: string;
                            used: number;
                            limit: number;
                        };
                        dayCounts?: {
                            [key: string]: number;
                        };
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createPost: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a repeat within 24 hours answers what the first answered */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "influencerId": "5b7c1a0e-2f4d-4e8a-9c3b-1d2e3f4a5b6c",
                 *       "caption": "Night train to Vienna",
                 *       "itemIds": [
                 *         "0f8e7d6c-5b4a-4938-8271-6a5b4c3d2e1f"
                 *       ],
                 *       "priceCents": 0,
                 *       "publishAt": "2027-01-15T18:00:00Z",
                 *       "timeZone": "Europe/Vienna"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    influencerId: string;
                    /** @default  */
                    caption?: string;
                    itemIds: string[];
                    priceCents: number;
                    publishAt: string | null;
                    timeZone: string;
                    /** @default true */
                    onPage?: boolean;
                    /** @default [] */
                    targets?: {
                        /** @enum {string} */
                        platform: "instagram" | "tiktok" | "youtube" | "x";
                        caption?: string | null;
                        title?: string | null;
                        privacyLevel?: string | null;
                    }[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        post: components["schemas"]["Post"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deletePost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    updatePost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "caption": "Night train to Vienna, at last"
                 *     }
                 */
                "application/json": {
                    caption?: string;
                    priceCents?: number;
                    /** Format: date-time */
                    publishAt?: string;
                    timeZone?: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        post: components["schemas"]["Post"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    getBalance: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        balance: {
                            /** @description Credits to spend on tools */
                            credits: number;
                            /** @description Model tokens left: each claims or trains one influencer */
                            modelTokens: number;
                            /** @description Influencer slots: every model token ever granted */
                            influencerSlots: number;
                        };
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listCreditHistory: {
        parameters: {
            query?: {
                cursor?: string;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        entries: components["schemas"]["LedgerEntry"][];
                        nextCursor: string | null;
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookEndpoints: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        endpoints: components["schemas"]["WebhookEndpoint"][];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    createWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a repeat within 24 hours answers what the first answered */
                "idempotency-key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "https://agency.example/muse-events",
                 *       "events": [
                 *         "job.succeeded",
                 *         "job.failed",
                 *         "post.published"
                 *       ]
                 *     }
                 */
                "application/json": {
                    url: string;
                    events: ("job.succeeded" | "job.failed" | "persona.trained" | "persona.training_failed" | "post.published" | "post.sold")[];
                };
            };
        };
        responses: {
            /** @description Default Response */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        secret: string;
                        endpoint: components["schemas"]["WebhookEndpoint"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    deleteWebhookEndpoint: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    listWebhookDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        deliveries: components["schemas"]["WebhookDelivery"][];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    resendWebhookDelivery: {
        parameters: {
            query?: never;
            header?: {
                /** @description Any unique string (a UUID): a repeat within 24 hours answers what the first answered */
                "idempotency-key"?: string;
            };
            path: {
                id: string;
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {boolean} */
                        success: true;
                        delivery: components["schemas"]["WebhookDelivery"];
                    };
                };
            };
            /** @description Refused; `code` is one of `INVALID_REQUEST`, `WEBHOOK_SIGNATURE_INVALID`, `RESET_LINK_INVALID`, `VERIFY_LINK_INVALID`, `EMAIL_CHANGE_LINK_INVALID`, `CURRENT_PASSWORD_REQUIRED`, `GOOGLE_MANAGED_EMAIL`, `GOOGLE_SIGN_IN_FAILED`, `PROMO_CODE_INVALID`, `CHECKOUT_EXPIRED`, `TERMS_NOT_ACCEPTED`, `MINOR_REFUSED`, `NOT_ENOUGH_PHOTOS`, `LIKENESS_STATEMENT_NEEDED`, `CONSENT_DOCUMENT_NEEDED`, `NO_PHOTOS_TO_MATCH`, `SELFIE_NOT_ONE_FACE`, `PERSONA_NOT_READY`, `ONBOARDING_STEP_LOCKED`, `PAGE_NOT_PUBLISHED`, `PLATFORM_NOT_ENABLED`, `PLATFORM_NOT_CONNECTED`, `PLATFORM_RULES`, `OWN_POST`, `FREE_POST`, `PAYOUT_TOO_SMALL`, `PAYOUT_TOO_LARGE`, `PAYOUT_ACCOUNT_NEEDED`, `WEBHOOK_URL_NOT_ALLOWED`, `URL_NOT_ALLOWED` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `UNAUTHORISED`, `WEBHOOK_SIGNATURE_INVALID`, `INVALID_CREDENTIALS`, `OAUTH_CODE_INVALID` */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `INSUFFICIENT_CREDITS`, `INSUFFICIENT_MODEL_TOKENS` */
            402: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `WORKSPACE_ROLE_FORBIDS`, `WRONG_PASSWORD`, `ACCOUNT_SUSPENDED`, `TOOL_NOT_ALLOWED`, `INFLUENCER_LIMIT`, `PRODUCT_LIMIT`, `SCHEDULED_POST_LIMIT`, `PAGE_HIDDEN`, `SCOPE_MISSING`, `SESSION_REQUIRED`, `FRESH_SIGN_IN_REQUIRED`, `INVITATION_EMAIL_MISMATCH` */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `NOT_FOUND`, `WORKSPACE_NOT_FOUND`, `SESSION_NOT_FOUND`, `NO_SUBSCRIPTION`, `CHECKOUT_NOT_FOUND`, `MODEL_NOT_FOUND`, `INFLUENCER_NOT_FOUND`, `PHOTO_NOT_FOUND`, `CONSENT_DOCUMENT_NOT_FOUND`, `PRODUCT_NOT_FOUND`, `JOB_NOT_FOUND`, `GALLERY_ITEM_NOT_FOUND`, `PAGE_NOT_FOUND`, `POST_NOT_FOUND`, `REPORT_NOT_FOUND`, `REFUSAL_NOT_FOUND`, `API_KEY_NOT_FOUND`, `WEBHOOK_ENDPOINT_NOT_FOUND`, `WEBHOOK_DELIVERY_NOT_FOUND`, `EXPORT_NOT_FOUND`, `MEMBER_NOT_FOUND`, `INVITATION_NOT_FOUND` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `EMAIL_TAKEN`, `ALREADY_SPENT`, `ALREADY_ON_PLAN`, `OFFER_USED`, `MODEL_FULLY_CLAIMED`, `MODEL_ALREADY_HELD`, `TOO_MANY_PHOTOS`, `TRAINING_RUNNING`, `ALREADY_TRAINED`, `PHOTOS_CHANGED`, `LIKENESS_NOT_SELF`, `JOB_FINISHED`, `HANDLE_TAKEN`, `HANDLE_KEPT`, `POST_ALREADY_PUBLISHED`, `POST_HAS_BUYERS`, `POST_REMOVED`, `TARGET_NOT_FAILED`, `POST_TAKEN_DOWN`, `ALREADY_BOUGHT`, `REPORT_CLOSED`, `API_KEY_LIMIT`, `IDEMPOTENCY_IN_PROGRESS`, `WEBHOOK_ENDPOINT_LIMIT`, `EARNINGS_AVAILABLE`, `POST_NOT_WAITING`, `ALREADY_MEMBER`, `ALREADY_INVITED`, `SEATS_FULL`, `LAST_OWNER` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `PAYLOAD_TOO_LARGE` */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `IDEMPOTENCY_KEY_REUSED` */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Refused; `code` is one of `RATE_LIMITED`, `JOB_LIMIT_REACHED`, `TOO_MANY_STREAMS` */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
}
